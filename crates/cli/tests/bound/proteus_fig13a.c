#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Proteus (TSE'19) Fig. 13(a), in the paper's context (0 < m < n, i = j = 0): j counts up to m,
   then resets while i steps; the loop runs n * m + n times (an earlier technique said n * m). */
#include <stdlib.h>

int run(int n, int m) {
  if (!(0 < m && m < n))
    return 0;
  int i = 0, j = 0;
  LF_ENTRY(1);
  while (i < n) {
    LF_BODY(1);
    if (j < m)
      j++;
    else {
      j = 0;
      i++;
    }
  }
  return i + j;
}
// expect 1: bound equivalent n * m + n
// range n 2 40
// range m 1 40

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 41 - 10, rand() % 41 - 10);
  return s == 123456789;
}
