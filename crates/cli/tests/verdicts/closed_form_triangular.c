//! verify: TRUE loop-summaries
// s sums 3·i for i below n: the closed forms i = i0 + k and s = s0 + 3·i0·k + 3·k(k−1)/2,
// written through the clock i, give the candidate 3*i*i - 2*s - 3*i == 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20000) return 0;
  int i = 0, s = 0;
  while (i < n) {
    s = s + 3 * i;
    i = i + 1;
  }
  __VERIFIER_assert(2 * s == 3 * n * (n - 1));
  return 0;
}
