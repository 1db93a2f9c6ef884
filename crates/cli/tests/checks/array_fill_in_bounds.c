//! verify --property memsafety: TRUE
//! checks: 1
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < n; i++) buf[i] = 'a';
  return 0;
}
