//! verify --property memsafety: FALSE(valid-deref)
/* As copy_the_rest_of_a_heap_record.c, with k <= n: the last read is one past the record. */
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[33];
  int len = __VERIFIER_nondet_int();
  if (len <= 0 || len > 48) return 0;
  char *rec = malloc((unsigned long)len);
  if (!rec) return 0;
  for (int j = 0; j < len; j++) rec[j] = __VERIFIER_nondet_char();
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 16 || i > len) i = 0;
  int n = len - i;
  int sum = 0;
  if (n <= 32)
    for (int k = 0; k <= n; k++) {
      out[k] = rec[i + k];
      sum += out[k];
    }
  free(rec);
  return sum;
}
