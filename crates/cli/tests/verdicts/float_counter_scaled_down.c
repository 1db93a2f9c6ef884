//! terminate: FALSE recurrent-set
// Halving takes the counter down through the subnormal doubles to 0, where it stays: 0 > -1
// always holds, so the loop never ends.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  for (double x = 1.0; x > -1.0; x /= 2)
    s = -s;
  return s;
}
