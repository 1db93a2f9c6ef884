//! terminate: not FALSE
// Terminates: x climbs to 11, the inner loop sets it to -5, and the outer loop ends. Every
// iteration from x in [0, 10] stays in x >= 0 without entering the inner loop, but x = 10 steps
// to 11, from which the inner loop is entered: `x >= 0` is no recurrent set.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x >= 0) {
    while (x > 10) {
      x = -5;
    }
    x = x + 1;
  }
  return 0;
}
