//! verify: TRUE loop-summaries
// `sq` tracks the square of `k` through the odd numbers (`sq += 2k + 1` before `k++`): every state
// at the header has `sq == k * k`, a degree-two equality the interpreter's runs observe.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int k = 0, sq = 0;
  while (k < n) {
    sq = sq + 2 * k + 1;
    k = k + 1;
  }
  __VERIFIER_assert(sq == n * n);
  return 0;
}
