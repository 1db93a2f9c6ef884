//! terminate: FALSE recurrent-set
// From a == b the loop cycles through three states (a - 1, b), (b, a - 1), (a, a): no template
// conjunction closes that cycle, the states the loop reaches from the stem's state do.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int t;
  while (a > 0 && b > 0) {
    if (a < b) {
      t = a;
      a = b;
      b = t;
    } else if (a > b) {
      b = a;
    } else {
      a = a - 1;
    }
  }
  return 0;
}
