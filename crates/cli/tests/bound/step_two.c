#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A step of 2: ceil((n - i) / 2) body starts when i < n. */
#include <stdlib.h>

int run(int i, int n) {
  LF_ENTRY(1);
  while (i < n) {
    LF_BODY(1);
    i += 2;
  }
  return i;
}
// expect 1: bound equivalent max(0, n - i + 1) / 2

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
