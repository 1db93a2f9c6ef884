//! verify --property memsafety: TRUE
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100];
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  int *p = a;
  for (int i = 0; i < n; i++) *p++ = i;
  return 0;
}
