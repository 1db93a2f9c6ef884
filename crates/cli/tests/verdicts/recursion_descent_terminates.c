//! terminate: TRUE
// A recursive function reading input: every call descends on x >= 0, so the chain of calls
// ends (its descent loop, ir::recursion, has the ranking function x).
extern int __VERIFIER_nondet_int(void);
int count(int x, int acc) {
  if (x <= 0) return acc;
  return count(x - 1, acc + 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  return count(n, 0);
}
