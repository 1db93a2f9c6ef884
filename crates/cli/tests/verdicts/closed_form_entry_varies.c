//! verify: FALSE @15
// The closed form s = s0 + i0·k + k(k−1)/2 holds, but s's entry value is an input: the candidate
// built from one entry sample is not an invariant of every entry, and the assertion (true only
// when s starts at 0) fails.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int(), s = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000 || s < 0 || s > 5) return 0;
  int i = 0;
  while (i < n) {
    s = s + i;
    i = i + 1;
  }
  __VERIFIER_assert(2 * s == n * (n - 1));
  return 0;
}
