//! terminate: not TRUE
// A cell never written before the loop reads it: its contents are an input, and an odd one
// never reaches 0.
#include <stdlib.h>
int main(void) {
  int *x = alloca(sizeof(int));
  while (*x != 0) {
    *x = *x - 2;
  }
  return 0;
}
