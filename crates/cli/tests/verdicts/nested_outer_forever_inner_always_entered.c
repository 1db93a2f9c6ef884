//! terminate: FALSE recurrent-set
// The inner loop is entered on every outer iteration and ends; the outer loop runs forever. The
// lasso crosses the inner loop (what it changes, `y`, is forgotten) and keeps `x >= 0`.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (1) {
    int y = 3;
    while (y > 0) {
      y--;
    }
    x++;
  }
  return 0;
}
