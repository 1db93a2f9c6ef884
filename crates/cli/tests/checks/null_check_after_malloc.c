//! verify --property memsafety: TRUE
/* The usual test of malloc's result: allocations succeed (an assumption the answer states), so
   the early return leaks nothing; the way it takes is one where the pointer is null, which no
   object's pointer is. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  int *a = malloc(sizeof(int) * (unsigned long)n);
  if (a == NULL) return 1;
  for (int i = 0; i < n; i++) a[i] = i;
  int last = a[n - 1];
  free(a);
  return last;
}
