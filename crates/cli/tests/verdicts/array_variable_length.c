//! verify: TRUE loop-summaries
// A variable-length array: the invariants' range ends at its length `n`.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int a[n];
  int i;
  for (i = 0; i < n; i++) a[i] = i;
  for (i = 0; i < n; i++) __VERIFIER_assert(a[i] >= 0);
  return 0;
}
