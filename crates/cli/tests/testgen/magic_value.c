// An error that needs specific values: the first input must be 123457 and the second one
// depends on it. Random inputs essentially never find them; the solver does. A wrong first
// value cannot reach the error (the harness's negative control changes it).
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x == 123457) {
    if (y == 3 * x - 5)
      reach_error();
  }
  return 0;
}
