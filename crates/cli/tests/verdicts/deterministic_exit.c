//! verify: TRUE concrete-execution
// The only execution ends in exit(3) before the assertion.
#include <stdlib.h>
extern void __VERIFIER_assert(int);
int main(void) {
  int i = 0;
  while (i < 10) { if (i == 5) exit(3); i++; }
  __VERIFIER_assert(0);
  return 0;
}
