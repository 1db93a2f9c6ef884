//! verify --property memsafety: TRUE
/* %08x of an unsigned: exactly 8 characters and the terminator. */
#include <stdio.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  char b[9];
  unsigned u = __VERIFIER_nondet_uint();
  sprintf(b, "%08x", u);
  return b[7];
}
