#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A countdown by 3: ceil(c / 3) body starts when c > 0. */
#include <stdlib.h>

int run(int c) {
  int s = 0;
  LF_ENTRY(1);
  while (c > 0) {
    LF_BODY(1);
    c -= 3;
    s += c;
  }
  return s;
}
// expect 1: bound equivalent max(0, c + 2) / 3

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50);
  return s == 123456789;
}
