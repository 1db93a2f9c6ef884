//! terminate: FALSE recurrent-set
// When n <= 0 the inner loop is never entered and i stays 0: the outer loop runs forever (a
// lasso of the outer loop, walked with the inner loop not entered). When n > 0 it ends.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  while (i < 10) {
    int j = 0;
    while (j < n) {
      j++;
      i++;
    }
  }
  return 0;
}
