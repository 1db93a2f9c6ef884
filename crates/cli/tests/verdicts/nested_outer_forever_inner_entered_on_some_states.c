//! terminate: FALSE recurrent-set
// The inner loop is entered when x > 0, not in the set x <= 0 that the choice x = 0 (or any
// x <= 0) for the nondeterministic value keeps: the outer loop runs forever. A set such as
// `1` (every state) would enter the inner loop and must not be accepted as it stands.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (1) {
    while (x > 0) {
      x--;
    }
    x = __VERIFIER_nondet_int();
  }
  return 0;
}
