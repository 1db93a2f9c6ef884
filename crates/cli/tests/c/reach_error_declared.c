/* reach_error only declared (no body): calling it is still the violation. */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) reach_error();
  return x;
}
//! run: 3 => exit 3
//! run: 11 => error
//! run: => exit 0
