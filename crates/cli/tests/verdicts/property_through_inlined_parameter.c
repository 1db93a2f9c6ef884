//! verify: TRUE loop-summaries
// The loop leaves once `x` is not negative, and `x` only grows by `y` when `y` is positive, so
// after the loop `y > 0`: the invariant `x < 0 || y > 0` joins the loop's condition and the
// assertion, whose condition reaches the checker as the parameter of an inlined
// `__VERIFIER_assert` (read through its one assignment).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
void __VERIFIER_assert(int cond) {
  if (!cond) {
    __VERIFIER_error();
  }
}
int main(void) {
  int x = -7;
  int y = __VERIFIER_nondet_int();
  if (y < -500 || y > 500) return 0;
  while (x < 0) {
    x = x + y;
    y = y + 1;
  }
  __VERIFIER_assert(y > 0);
  return 0;
}
