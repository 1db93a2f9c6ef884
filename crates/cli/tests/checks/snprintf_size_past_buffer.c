//! verify --property memsafety: FALSE(valid-deref)
/* snprintf told the buffer is larger than it is: a long enough output is written past it. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[8];
  int x = __VERIFIER_nondet_int();
  int len = snprintf(out, 16, "id=%d,%s", x, "rest");
  return len + out[0];
}
