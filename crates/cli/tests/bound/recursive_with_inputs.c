#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Recursion keeps the calls from being inlined, and the program reads inputs, so it has no only
   execution: `run` is analysed from its own entry in any state a call may find (its parameter,
   the global `calls` and memory arbitrary). Its first loop runs 8 times in every call; the
   second, `max(0, n)` times, has a bound over `n` and no `max` (n is an input). */
#include <stdlib.h>

int calls;

int run(int n) {
  int s = 0;
  calls++;
  LF_ENTRY(1);
  for (int i = 0; i < 8; i++) {
    LF_BODY(1);
    s += i * calls;
  }
  int k = 0;
  LF_ENTRY(2);
  for (; k < n; k++) {
    LF_BODY(2);
    s++;
  }
  if (n > 0) {
    s += run(n - 3);
  }
  return s;
}
// expect 1: max 8
// expect 2: bound at least max(0, n)

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 2000; t++)
    s += run(rand() % 101 - 50);
  return s == 123456789;
}
