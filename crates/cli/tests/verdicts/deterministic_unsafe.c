//! verify: FALSE concrete-execution @9
//! terminate: TRUE concrete-execution
// No input: the only execution fails the assertion, after 111 iterations.
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = 27, steps = 0;
  while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }
  // Off by one.
  __VERIFIER_assert(steps == 112);
  return 0;
}
