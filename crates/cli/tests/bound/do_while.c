#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A do-while: the body runs at least once, whatever c is (max(1, c) times). */
#include <stdlib.h>

int run(int c) {
  int s = 0;
  LF_ENTRY(1);
  do {
    LF_BODY(1);
    c--;
    s++;
  } while (c > 0);
  return s;
}
// expect 1: bound
// expect 1: bound at least 1
// expect 1: bound at least c

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50);
  return s == 123456789;
}
