//! verify: TRUE loop-summaries
//! summarize: sound
// `odd` counts the odd values of `i` below it: at the header `2*odd == i - i % 2`, an equality
// over the remainder `i % 2` the loop computes. The observed states' null space over the columns
// `1, i % 2, odd, i, limit` gives it; Houdini proves it, and with `i <= limit` the assertion.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int limit = __VERIFIER_nondet_int();
  if (limit < 0 || limit > 1000000) return 0;
  int odd = 0;
  for (int i = 0; i < 2 * limit; i++) {
    if (i % 2 == 1) odd++;
  }
  __VERIFIER_assert(odd == limit);
  return 0;
}
