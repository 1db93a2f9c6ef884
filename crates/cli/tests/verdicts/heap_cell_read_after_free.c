//! verify: not TRUE
// `*n` is read after `free(n)`: undefined behaviour, which no register may hide (the cell
// stays in memory, and the read after the free is where every execution stops).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *n = malloc(sizeof(int));
  *n = __VERIFIER_nondet_int();
  if (*n < 0) return 0;
  free(n);
  if (*n >= 0) reach_error();
  return 0;
}
