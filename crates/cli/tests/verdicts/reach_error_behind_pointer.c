//! verify: UNKNOWN
// reach_error has no body and is never called by name, but its address is taken: a call through
// the pointer reaches it. The program has no assertion command of its own making; the front end
// adds one for the address.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  void (*f)(void) = reach_error;
  if (__VERIFIER_nondet_int()) f();
  return 0;
}
