//! verify --property memsafety: not TRUE
/* Found in review: a block size of 2^63 or more is negative as a long, which made the check
   off + n <= size hold. */
#include <string.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  char b[4];
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n != 18446744073709490000UL) return 0;
  memset(b, 0, n);
  return 0;
}
