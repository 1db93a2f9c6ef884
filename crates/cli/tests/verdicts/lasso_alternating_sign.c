//! terminate: FALSE recurrent-set
// Beyond 3 in absolute value the value flips its sign and grows by one each time: the set of
// states the loop keeps is `v >= 4 || v <= -4`, which no conjunction of linear atoms describes.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int v = __VERIFIER_nondet_int();
  while (v != 0) {
    if (v > 3) {
      v = -v - 1;
    } else if (v < -3) {
      v = -v + 1;
    } else {
      v = 0;
    }
  }
  return 0;
}
