#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* An unsigned countdown by 2 to exactly 0: from an odd u it wraps past 0 to UINT_MAX (odd) and
   never ends, so no bound (u / 2 would be wrong). The analysed main passes odd values; the native
   main (LF_NATIVE) keeps only the even ones, which end. A second loop with > instead of != has
   the same trap (1 - 2 wraps to UINT_MAX > 0). */
#include <stdlib.h>

unsigned run(unsigned u, unsigned w) {
  unsigned s = 0;
  LF_ENTRY(1);
  while (u != 0) {
    LF_BODY(1);
    u -= 2;
    s++;
  }
  LF_ENTRY(2);
  while (w > 0) {
    LF_BODY(2);
    w -= 2;
    s++;
  }
  return s;
}
// expect 1: no bound
// expect 2: no bound

int main(void) {
  unsigned s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++) {
    unsigned u = rand() % 101, w = rand() % 101;
#ifdef LF_NATIVE
    if (u % 2 != 0 || w % 2 != 0)
      continue;
#endif
    s += run(u, w);
  }
  return s == 123456789u;
}
