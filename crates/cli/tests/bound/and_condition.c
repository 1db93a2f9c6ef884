#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A conjunction in the condition: the loop ends when either counter reaches its limit. */
#include <stdlib.h>

int run(int i, int n, int j, int m) {
  LF_ENTRY(1);
  while (i < n && j < m) {
    LF_BODY(1);
    i++;
    j++;
  }
  return i + j;
}
// expect 1: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
