//! verify --property no-overflow: TRUE
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  if (n < 0 || n > 1000) return 0;
  for (int i = 0; i < n; i++) s += 2;
  return s;
}
