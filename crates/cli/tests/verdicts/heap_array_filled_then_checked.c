//! verify: TRUE loop-summaries
// A block from malloc reached only through its pointer's elements is an array of `n`
// elements (`ir::promote_arrays`): the fill's quantified invariant carries to the check.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int *x = malloc(n * sizeof(int));
  int *y = x;
  for (int i = 0; i < n; i++) y[i] = 2 * i;
  for (int i = 0; i < n; i++) __VERIFIER_assert(x[i] >= 0);
  free(x);
  return 0;
}
