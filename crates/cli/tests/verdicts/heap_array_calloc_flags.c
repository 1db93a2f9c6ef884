//! verify: TRUE loop-summaries
// A calloc'd block is an array whose elements start at zero: each is set to 1 or left 0.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 100) return 0;
  unsigned *seen = calloc(n, sizeof(unsigned));
  for (int i = 0; i < n; i++)
    if (__VERIFIER_nondet_int()) seen[i] = 1;
  for (int i = 0; i < n; i++) __VERIFIER_assert(seen[i] <= 1);
  free(seen);
  return 0;
}
