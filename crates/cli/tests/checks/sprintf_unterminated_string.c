//! verify --property memsafety: FALSE(valid-deref)
/* %s reads up to the terminator: a 3-byte array without one is read past its end. */
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char code[3], out[16];
  for (int i = 0; i < 3; i++) code[i] = __VERIFIER_nondet_char() | 1;
  return sprintf(out, "[%s]", code);
}
