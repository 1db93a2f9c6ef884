//! verify: not TRUE
// An element is read after `free`: undefined behaviour no array may hide (the block stays in
// memory, and the read after the free is where every execution stops).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *x = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) x[i] = 1;
  free(x);
  if (x[0] == 1) reach_error();
  return 0;
}
