//! verify --property no-overflow: TRUE
//! verify --property memsafety: TRUE
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int s = 0;
  if (x > -1000 && x < 1000) {
    s = x * 2 - 7;
    s = -s / 3;
  }
  return s;
}
