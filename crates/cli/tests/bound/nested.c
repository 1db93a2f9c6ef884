#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A nest: n runs of an inner loop of m runs each; and an inner loop of i runs (triangular). */
#include <stdlib.h>

int run(int n, int m) {
  int i, j, s = 0;
  i = 0;
  LF_ENTRY(1);
  for (; i < n; i++) {
    LF_BODY(1);
    j = 0;
    LF_ENTRY(2);
    for (; j < m; j++) {
      LF_BODY(2);
      s++;
    }
    j = 0;
    LF_ENTRY(3);
    while (j < i) {
      LF_BODY(3);
      j++;
      s--;
    }
  }
  return s;
}
// expect 1: bound
// expect 2: bound
// expect 3: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 41 - 20, rand() % 41 - 20);
  return s == 123456789;
}
