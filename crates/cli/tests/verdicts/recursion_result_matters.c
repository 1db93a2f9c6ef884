//! terminate: not TRUE
// The recursive call's result decides whether the caller loops: it may be any value to the
// descent loop, and here it really is positive for x == 1.
extern int __VERIFIER_nondet_int(void);
int g(int x) {
  if (x <= 0) return 1;
  int r = g(x - 1);
  while (r > 0) {
  }
  return r;
}
int main(void) {
  return g(__VERIFIER_nondet_int());
}
