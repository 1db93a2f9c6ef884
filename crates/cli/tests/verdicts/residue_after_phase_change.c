//! verify: TRUE
// x moves by 1 below 1000 and by 2 from there: once the second phase starts (at 1000, even) x
// stays even, so `x < 1000 || x % 2 == 0` is an invariant (a residue the second path keeps,
// guarded by its condition; no template of the assertion gives it), and x is not 4001 after
// the loop.
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 100000) return 0;
  unsigned x = 0;
  while (x < n) {
    if (x < 1000) x = x + 1; else x = x + 2;
  }
  __VERIFIER_assert(x != 4001);
  return 0;
}
