//! verify: TRUE no-assertion
// SV-COMP's definition of reach_error has an assertion, but nothing calls it, directly or through
// a pointer.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uncalled_reach_error.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 1 && x > 0) x = x % 2 ? 3 * x + 1 : x / 2;
  return 0;
}
