//! terminate: not FALSE
// Terminates: the inner loop returns from `main` once x > 3, and x grows by one per outer
// iteration. Crossing the inner loop must keep its way out of the outer loop: a set such as
// `x >= 0` is not closed, since an iteration from x = 4 leaves.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0)
    return 0;
  while (1) {
    int j = 0;
    while (j < 10) {
      if (j == 5 && x > 3)
        return 0;
      j++;
    }
    x++;
  }
  return 0;
}
