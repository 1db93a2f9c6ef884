//! verify --property memsafety: TRUE
/* snprintf with the buffer's size cuts the output (of any length) to fit. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[8];
  int x = __VERIFIER_nondet_int();
  int len = snprintf(out, sizeof out, "id=%d,%s", x, "rest");
  return len + out[0];
}
