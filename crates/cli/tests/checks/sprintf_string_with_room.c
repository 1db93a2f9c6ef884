//! verify --property memsafety: TRUE
/* sprintf (lowered into the front end's helpers) of a string of at most 7 characters between
   brackets: at most 9 bytes and the terminator, into 10. */
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char name[8], out[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 7) n = 7;
  for (int i = 0; i < n; i++) name[i] = __VERIFIER_nondet_char() | 1;
  name[n] = 0;
  return sprintf(out, "<%s>", name);
}
