//! verify: TRUE loop-summaries
// Which branch the body takes depends only on `y`, which the loop does not change: one
// execution takes the same path every time. Under each branch's condition, `x` follows that
// path's closed form (`y % 2 != 0 || x == \at(x, L11) + 3 * \iterations(L11)`) and the last
// iteration started below 99 by it; with the exit condition, `x` ends at 99 on both paths.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int x = 0;
  unsigned int y = __VERIFIER_nondet_uint();
  while (x < 99) {
    if (y % 2 == 0) {
      x += 3;
    } else {
      x++;
    }
  }
  __VERIFIER_assert(x == 99);
  return 0;
}
