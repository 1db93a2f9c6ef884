//! verify: not concrete-execution
// No input, but the run overflows a signed int (undefined behaviour under the default semantics):
// the run decides nothing (the loop summaries answer).
extern void __VERIFIER_assert(int);
int main(void) {
  int x = 2147483600, i = 0;
  while (i < 100) { x = x + 1; i++; }
  __VERIFIER_assert(i == 100);
  return 0;
}
