#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Steps that are not constants: an input step k >= 1, a limit that may shrink at random, a
   continue in a for loop (its increment still runs), and two variables converging. */
#include <stdlib.h>

int run(int i, int n, int k, int x, int y) {
  int s = 0, a = i, b = n;
  if (k < 1)
    return 0;
  LF_ENTRY(1);
  while (i < n) {
    LF_BODY(1);
    i += k;
  }
  i = a;
  LF_ENTRY(2);
  while (i < b) {
    LF_BODY(2);
    i++;
    if (rand() % 2)
      b--;
  }
  i = a;
  LF_ENTRY(3);
  for (; i < n; i++) {
    LF_BODY(3);
    if (i % 2)
      continue;
    s++;
  }
  LF_ENTRY(4);
  while (x > y) {
    LF_BODY(4);
    x--;
    y++;
  }
  return s + x;
}
// expect 1: bound
// expect 2: bound
// expect 3: bound
// expect 4: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 7 - 1, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
