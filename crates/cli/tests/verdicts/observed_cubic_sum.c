//! verify: TRUE loop-summaries
//! summarize: sound
// `s` sums the squares below `i`: at the header `6*s == 2*i*i*i - 3*i*i + i`, an equation of
// degree three. No equation of degree two holds, so the observed states' null space is taken
// over the products of up to three factors; the candidate bounds its factors first
// (`-65536 <= i && i <= 65536 && ...`), so that its products fit a `long`. Houdini proves it,
// and with `i <= n` the assertion.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, s = 0;
  while (i < n) {
    s = s + i * i;
    i = i + 1;
  }
  __VERIFIER_assert(6 * s == (n - 1) * n * (2 * n - 1));
  return 0;
}
