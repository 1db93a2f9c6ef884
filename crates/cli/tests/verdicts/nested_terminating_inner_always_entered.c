//! terminate: not FALSE
// Terminates after one outer iteration: the inner loop is always entered and sets x to 0.
// Walking the outer loop with the inner loop's iterations cut (but not forbidden) would make
// `x != 0` look closed.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 0) {
    int y = 1;
    while (y > 0) {
      y = 0;
      x = 0;
    }
  }
  return 0;
}
