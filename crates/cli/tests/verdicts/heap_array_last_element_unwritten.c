//! verify: FALSE
// heap_array_filled_then_checked.c with the last element never written: its read is an input
// (malloc's bytes are not zero), which may be negative.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *x = malloc(n * sizeof(int));
  int *y = x;
  for (int i = 0; i < n - 1; i++) y[i] = 2 * i;
  for (int i = 0; i < n; i++) __VERIFIER_assert(x[i] >= 0);
  free(x);
  return 0;
}
