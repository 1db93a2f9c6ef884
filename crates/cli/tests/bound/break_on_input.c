#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Loops left by a break: on an input condition (i reaches stop), and a while (1) left only by
   its break (x steps by 3 up to n). */
#include <stdlib.h>

int run(int i, int n, int stop, int x) {
  int s = 0;
  LF_ENTRY(1);
  while (i < n) {
    LF_BODY(1);
    if (i == stop)
      break;
    i++;
  }
  LF_ENTRY(2);
  while (1) {
    LF_BODY(2);
    if (x >= n)
      break;
    x += 3;
    s++;
  }
  return s + i;
}
// expect 1: bound
// expect 2: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
