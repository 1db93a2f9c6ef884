//! verify --property memsafety: FALSE(valid-deref)
/* A one-digit number padded to 8 characters on the right (%-8d): the terminator goes past the
   8 bytes, whatever the number. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[8];
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 9)
    return 0;
  return sprintf(b, "%-8d", x);
}
