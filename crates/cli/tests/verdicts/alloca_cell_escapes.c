//! terminate: not TRUE
// The cell `*x` is also written through `*pp`, where its address was stored: it is not a
// register of its own, and the loop, which adds back what it takes, runs forever.
#include <stdlib.h>
int main(void) {
  int *x = alloca(sizeof(int));
  int **pp = alloca(sizeof(int *));
  *pp = x;
  *x = 10;
  while (*x > 0) {
    **pp = **pp + 1;
    *x = *x - 1;
  }
  return 0;
}
