//! verify --property memsafety: FALSE(valid-deref)
/* As sprintf_int_in_12_bytes.c, but into 11 bytes: a negative int of 10 digits (INT_MIN, say)
   takes 11 characters, and the terminator goes past them. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[11];
  int x = __VERIFIER_nondet_int();
  sprintf(b, "%d", x);
  return b[0];
}
