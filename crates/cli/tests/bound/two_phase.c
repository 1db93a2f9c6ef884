#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Two phases: y climbs to m first, then x climbs to n (SPEED, PLDI'09): max(0, m - y) + (n - x)
   body starts when x < n. And a multiphase loop (x first grows by y while y > 0, then shrinks):
   no expectation, only the native check of whatever is printed. */
#include <stdlib.h>

int run(int x, int n, int y, int m) {
  int a = x, b = y;
  LF_ENTRY(1);
  while (x < n) {
    LF_BODY(1);
    if (y < m)
      y++;
    else
      x++;
  }
  LF_ENTRY(2);
  while (a >= 0) {
    LF_BODY(2);
    a = a + b;
    b = b - 1;
  }
  return x + y + a;
}
// expect 1: bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50, rand() % 101 - 50);
  return s == 123456789;
}
