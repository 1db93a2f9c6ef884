//! verify: TRUE loop-summaries
// Scalars in malloc'd cells that only their own pointer reaches, written before they are read
// and freed last, are registers for the analyses: the invariant speaks of `(*i)` and `(*n)`.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *n = malloc(sizeof(int));
  int *i = malloc(sizeof(int));
  *n = __VERIFIER_nondet_int();
  if (*n < 0 || *n > 1000) return 0;
  *i = 0;
  while (*i < *n) { *i = *i + 1; }
  if (*i != *n) reach_error();
  free(i);
  free(n);
  return 0;
}
