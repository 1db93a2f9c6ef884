//! terminate: not FALSE
// Terminates: each outer iteration runs the inner loop five times, and it decreases x. Crossing
// the inner loop forgets x, so no set of the outer loop keeps `x > 0`: FALSE would be wrong.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) {
    int y = 5;
    while (y > 0) {
      y--;
      x--;
    }
  }
  return 0;
}
