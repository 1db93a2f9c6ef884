//! verify: UNKNOWN
// The only assertion is in a function called through a pointer: not an assertion-free program.
// (Function pointers are not modelled, so no other technique answers.)
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void check(void) { __assert_fail("0", "assertion_behind_pointer.c", 6, "check"); }
int main(void) {
  void (*f)(void) = check;
  if (__VERIFIER_nondet_int()) f();
  return 0;
}
