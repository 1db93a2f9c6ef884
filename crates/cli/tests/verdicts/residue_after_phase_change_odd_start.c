//! verify: FALSE @13
// As residue_after_phase_change.c, but the second phase starts at an odd value (7): x stays odd
// there, and it is 21 after the loop when n is 20 or 21.
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned x = 0;
  while (x < n) {
    if (x < 7) x = x + 1; else x = x + 2;
  }
  __VERIFIER_assert(x != 21);
  return 0;
}
