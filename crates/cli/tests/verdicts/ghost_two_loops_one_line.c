//! verify: TRUE loop-summaries
// ghost_exit_count.c with both loops on one line: their ghosts are named by line and column
// (`\iterations(L13_3)`, `\at(k, L13_43)`), so that the second loop's certificate can speak of
// the first loop's ghosts without ambiguity.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000000) return 0;
  int k = n;
  int i = 0;
  int j = 0;
  while (i < n) { k = k - 1; i = i + 2; } while (j < n / 2) { __VERIFIER_assert(k > 0); k = k - 1; j = j + 1; }
  return 0;
}
