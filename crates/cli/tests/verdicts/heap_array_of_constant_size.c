//! verify: TRUE loop-summaries
// A block of a constant size (100 ints) is an array of 100 elements (`ir::promote_arrays`):
// the fill's quantified invariant ends at the array's length.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int *a = malloc(100 * sizeof(int));
  for (int i = 0; i < 100; i++) a[i] = 7;
  int j = __VERIFIER_nondet_int();
  if (j >= 0 && j < 100) __VERIFIER_assert(a[j] == 7);
  return 0;
}
