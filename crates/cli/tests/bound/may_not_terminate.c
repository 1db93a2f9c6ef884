#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A loop that runs forever from an odd x (x steps by 2 and misses 0): no bound. The analysed
   main passes odd values; the native main (LF_NATIVE) keeps only the runs that end soon
   (x even and non-negative), which are executions of the analysed program too. */
#include <stdlib.h>

int run(int x) {
  int s = 0;
  LF_ENTRY(1);
  while (x != 0) {
    LF_BODY(1);
    x -= 2;
    s++;
  }
  return s;
}
// expect 1: no bound

int main(void) {
  int s = 0;
  srand(7);
  for (int t = 0; t < 20000; t++) {
    int x = rand() % 101 - 50;
#ifdef LF_NATIVE
    if (x < 0 || x % 2 != 0)
      continue;
#endif
    s += run(x);
  }
  return s == 123456789;
}
