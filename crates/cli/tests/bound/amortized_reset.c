#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* One path counts j down; the other resets j to N and counts i down (cousot9 of the termCOMP
 * complexity suite, run until j too is spent, so that the bound is reached). No path's ranking
 * bounds the loop: the amortized bound adds j's first run to N per decrement of i. */
#include <stdlib.h>

int run(int i, int j, int N) {
  LF_ENTRY(1);
  while (i > 0 || j > 0) {
    LF_BODY(1);
    if (j > 0) {
      j--;
    } else {
      j = N;
      i--;
    }
  }
  return j;
}
// expect 1: bound equivalent max(0, N) * max(0, i) + max(0, j) + max(0, i)

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
