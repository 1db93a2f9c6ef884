//! verify --property memsafety: TRUE
/* strcpy (the front end's model) of a string of at most 15 characters into 16 bytes, then strlen. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char src[16], dst[16];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 15) n = 15;
  for (int i = 0; i < n; i++) src[i] = __VERIFIER_nondet_char() | 1;
  src[n] = 0;
  strcpy(dst, src);
  return strlen(dst);
}
