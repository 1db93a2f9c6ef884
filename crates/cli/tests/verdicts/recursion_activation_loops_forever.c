//! terminate: not TRUE
// The chain of calls ends, but the innermost activation loops forever when its uninitialized
// local happens to be positive: a fresh activation's locals are arbitrary again.
extern int __VERIFIER_nondet_int(void);
int f(int x) {
  int y;
  if (x > 0) {
    y = 0;
    return f(x - 1);
  }
  while (y > 0) {
  }
  return 0;
}
int main(void) {
  return f(__VERIFIER_nondet_int());
}
