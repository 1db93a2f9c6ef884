//! verify: TRUE concrete-execution
//! terminate: TRUE concrete-execution
// No input: the program's only execution decides both properties (no summary proves the
// assertion, no ranking function the termination).
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned n = 27, steps = 0;
  while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }
  __VERIFIER_assert(steps == 111);
  return 0;
}
