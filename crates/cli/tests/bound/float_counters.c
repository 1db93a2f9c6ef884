#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Loops counted by a floating-point variable from a constant: the counter's values are computed
 * as the compiled program computes them (0.1 added ten times is just below 1.0, so the second
 * loop runs 11 times), whatever the other inputs are. */
#include <stdlib.h>

int run(int n) {
  int s = 0;
  float x = 0.0f;
  LF_ENTRY(1);
  for (; x <= 360.0f; x += 1.0f) {
    LF_BODY(1);
    s += n;
  }
  double d = 0.0;
  LF_ENTRY(2);
  for (; d < 1.0; d += 0.1) {
    LF_BODY(2);
    s++;
  }
  float y = 10.0f;
  LF_ENTRY(3);
  while (y > 0) {
    LF_BODY(3);
    y -= 0.75f;
    if (n > 3)
      s--;
  }
  double z = 1.0;
  LF_ENTRY(4);
  while (3e3 > z) {
    LF_BODY(4);
    z *= 2;
  }
  return s;
}
// expect 1: bound equivalent 361
// expect 2: bound equivalent 11
// expect 3: bound equivalent 14
// expect 4: bound equivalent 12

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 200; t++)
    s += run(rand() % 101 - 50);
  return s == 123456789;
}
