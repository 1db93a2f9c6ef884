#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* The outer path raises j by 2 each time it counts i up; the inner path counts j down. Each
 * raise pays for two runs of the inner path: at most max(0, j) + 3 * max(0, n - i) in all. */
#include <stdlib.h>

int run(int i, int j, int n) {
  LF_ENTRY(1);
  while (i < n || j > 0) {
    LF_BODY(1);
    if (j > 0) {
      j--;
    } else {
      i++;
      j += 2;
    }
  }
  return j;
}
// expect 1: bound equivalent max(0, j) + 3 * max(0, n - i)

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
