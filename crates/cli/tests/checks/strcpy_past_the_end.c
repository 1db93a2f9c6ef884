//! verify --property memsafety: FALSE(valid-deref)
/* As strcpy_with_room.c, but into 8 bytes: the copy (in the model of strcpy) writes past them. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char src[16], dst[8];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 15) n = 15;
  for (int i = 0; i < n; i++) src[i] = __VERIFIER_nondet_char() | 1;
  src[n] = 0;
  strcpy(dst, src);
  return strlen(dst);
}
