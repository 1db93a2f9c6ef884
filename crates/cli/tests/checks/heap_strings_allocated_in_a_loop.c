//! verify --property memsafety: FALSE(valid-deref) @16
/* Two buffers from one allocation site in a loop: the first is terminated, the second is not.
   Scanning the second must not lean on the first's terminator. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *bufs[2];
  for (int j = 0; j < 2; j++) {
    char *b = malloc(8);
    for (int k = 0; k < 8; k++) b[k] = 'a';
    if (j == 0) b[3] = 0;
    bufs[j] = b;
  }
  char *s = bufs[__VERIFIER_nondet_int() != 0];
  int n = 0;
  while (s[n] != 0) n++;
  free(bufs[0]);
  free(bufs[1]);
  return n;
}
