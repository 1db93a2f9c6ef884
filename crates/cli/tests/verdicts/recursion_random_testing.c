//! verify: FALSE random-testing @19
// Recursion cannot be inlined, so no summary or unwinding applies; runs on random inputs that
// draw from the program's constants and their neighbours reach the one failing input (n == 77),
// and the replayed run is the counterexample.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
int depth(int n) {
  if (n <= 0) return 0;
  return 1 + depth(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int d = depth(n);
  if (d != n) {
    return 1;
  }
  if (n == 77) {
    __VERIFIER_error();
  }
  return 0;
}
