#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Unsigned counters: up to a limit (i < n cannot wrap), and down to 0 by != (u-- from any u
   reaches 0 after u steps). */
#include <stdlib.h>

unsigned run(unsigned i, unsigned n, unsigned u) {
  unsigned s = 0;
  LF_ENTRY(1);
  while (i < n) {
    LF_BODY(1);
    i++;
  }
  LF_ENTRY(2);
  while (u != 0) {
    LF_BODY(2);
    u--;
    s++;
  }
  return s + i;
}
// expect 1: bound
// expect 2: bound

int main(void) {
  unsigned s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++)
    s += run(rand() % 101, rand() % 101, rand() % 101);
  return s == 123456789u;
}
