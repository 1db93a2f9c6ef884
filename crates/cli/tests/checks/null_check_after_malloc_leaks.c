//! verify --property memsafety: FALSE(valid-memtrack)
/* As null_check_after_malloc.c, but the block is not freed on the way out when the last
   element is odd. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100) return 0;
  int *a = malloc(sizeof(int) * (unsigned long)n);
  if (a == NULL) return 1;
  for (int i = 0; i < n; i++) a[i] = i;
  int last = a[n - 1];
  if (last % 2 == 1) return last;
  free(a);
  return last;
}
