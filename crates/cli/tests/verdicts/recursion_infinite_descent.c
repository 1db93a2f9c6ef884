//! terminate: not TRUE
// The recursion never shrinks its argument when x > 0: an infinite chain of calls (which the
// descent loop cannot prove FALSE: it over-approximates the program).
extern int __VERIFIER_nondet_int(void);
int down(int x) {
  if (x == 0) return 0;
  return down(x) + 1;
}
int main(void) {
  return down(__VERIFIER_nondet_int());
}
