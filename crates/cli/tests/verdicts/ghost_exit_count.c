//! verify: TRUE loop-summaries
//! summarize: sound
// `i` moves by 2 while below `n`, `k` down by one: after the loop `k` is `n` less the number of
// iterations, `ceil(n / 2)`. No invariant over the program's variables alone gives the second
// loop what it needs: the proof counts. Over ghosts — `\iterations` and the values at loop
// entry — each loop's closed forms are invariants (`i == \at(i, LoopEntry) + 2 * \iterations`),
// and so is the condition the last iteration passed (`\iterations == 0 || \at(i, LoopEntry) +
// 2 * \iterations - n <= 1`), which with the exit condition pins the count. The checker writes
// the ghost code itself and re-checks.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000000) return 0;
  int k = n;
  int i = 0;
  while (i < n) {
    k = k - 1;
    i = i + 2;
  }
  int j = 0;
  while (j < n / 2) {
    __VERIFIER_assert(k > 0);
    k = k - 1;
    j = j + 1;
  }
  return 0;
}
