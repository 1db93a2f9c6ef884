#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A loop of a constant count (64), and one whose count is a parameter that main gives as one of
   a few constants (at most 64). */
#include <stdlib.h>

int run(int k) {
  int i, s = 0;
  i = 0;
  LF_ENTRY(1);
  for (; i < 64; i++) {
    LF_BODY(1);
    s += k;
  }
  i = 0;
  LF_ENTRY(2);
  for (; i < k; i++) {
    LF_BODY(2);
    s -= i;
  }
  return s;
}
// expect 1: bound
// expect 1: max 64
// expect 2: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 2000; t++) {
    int r = rand() % 3;
    s += run(r == 0 ? 64 : r == 1 ? 10 : 37);
  }
  return s == 123456789;
}
