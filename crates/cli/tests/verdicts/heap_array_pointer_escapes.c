//! verify: not TRUE
// The block's pointer is also stored in a global, through which an element is changed: the
// block is not an array of its own (`ir::promote_arrays` keeps it in memory).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int *kept;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *x = malloc(n * sizeof(int));
  kept = x;
  for (int i = 0; i < n; i++) x[i] = 1;
  kept[n - 1] = -1;
  for (int i = 0; i < n; i++) __VERIFIER_assert(x[i] >= 0);
  return 0;
}
