//! verify --property unreach-call --property memsafety: FALSE(unreach-call) @9
//! verify --property memsafety: TRUE
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 1, 2, 3};
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  if (a[i] == 3) reach_error();
  return 0;
}
