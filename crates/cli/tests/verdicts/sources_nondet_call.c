//! verify: FALSE @9
//! terminate: FALSE recurrent-set
//! summarize: sound
// A nondeterministic value: 5 fails the assertion, 7 loops forever; 0 does neither.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
