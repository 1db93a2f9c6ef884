//! verify --property memsafety: TRUE
/* Any int printed with %d takes at most 11 characters ("-2147483648") and the terminator. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char b[12];
  int x = __VERIFIER_nondet_int();
  sprintf(b, "%d", x);
  return b[0];
}
