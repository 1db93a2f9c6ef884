//! terminate: TRUE ranking-function
// `i <= INT_MAX` holds for every int, but the ranking LP reads signed integers as unbounded
// (the default semantics): it needs that guard to bound `INT_MAX - i`. At i = INT_MAX, i + 1
// overflows: undefined behaviour under the default semantics, and in the checker's mathematical
// integers i becomes INT_MAX + 1, where the guard fails.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  while (i <= 2147483647) {
    i = i + 1;
  }
  return 0;
}
