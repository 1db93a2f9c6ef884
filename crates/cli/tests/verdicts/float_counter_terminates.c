//! terminate: TRUE ranking-function
// Loops counted by floating-point variables from constants, among inputs: the counters' values
// are computed exactly, so the tests on them are tests on the number of steps taken.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  for (double d = 0.0; d < 1.0; d += 0.1)
    s = s / 2;
  for (float x = 10.0f; x > 0.0f; x -= 0.5f)
    s = s / 3;
  for (int i = 0; i < 3; i++)
    for (float w = -1.0f; w < 1.0f; w += 0.25f)
      s = -s / 2;
  return s;
}
