//! verify: TRUE loop-summaries
// The loop multiplies (`x = y * y`), and the assertion is the product itself: the templates'
// remainders (`(x - y) % 2 == 0`, true here) would leave the solver unable to decide the
// invariant, so a loop that multiplies variables gets none.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int() && y < 40000) {
    y = y + 1;
    x = y * y;
  }
  __VERIFIER_assert(x == y * y);
  return 0;
}
