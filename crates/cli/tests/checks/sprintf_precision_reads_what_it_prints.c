//! verify --property memsafety: TRUE
/* %.3s reads at most 3 bytes: a 3-byte array without a terminator is fine. */
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char code[3], out[8];
  for (int i = 0; i < 3; i++) code[i] = __VERIFIER_nondet_char();
  return sprintf(out, "[%.3s]", code);
}
