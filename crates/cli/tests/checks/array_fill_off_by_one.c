//! verify --property memsafety: FALSE(valid-deref) @8
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  /* `<=` writes buf[10] when n is 10 */
  for (int i = 0; i <= n; i++) buf[i] = 'a';
  return 0;
}
