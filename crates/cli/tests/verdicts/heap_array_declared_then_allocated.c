//! verify: TRUE loop-summaries
// A pointer declared, then given a malloc'd block, and an alloca'd block of another element
// type: both are arrays (`ir::promote_arrays`), the copy's invariant relates their elements.
#include <stdlib.h>
#include <alloca.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *a;
  a = (int *)malloc(sizeof(int) * n);
  long *b = alloca(n * sizeof(long));
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = a[i]; }
  for (int i = 0; i < n; i++) __VERIFIER_assert(b[i] >= 0);
  return 0;
}
