//! terminate: TRUE ranking-function
// In the loop z is 3 and 4 * y >= z, so 4 * y >= 3: over the rationals y could be 3/4 and x
// would not decrease; over the integers y >= 1 and x decreases by at least 1. The ranking
// function x needs the path's constraints rounded (`4 * y >= 3` is `y >= 1`).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int z = __VERIFIER_nondet_int();
  if (4 * y >= z) {
    while (x >= 0 && z == 3) {
      x = x - 4 * y + 3;
    }
  }
  return 0;
}
