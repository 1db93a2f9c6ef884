//! terminate: FALSE recurrent-set
// A cell never written before the loop reads it: its contents are an input (taken at that first
// read, as the interpreter takes it), and a negative one never reaches 0.
#include <stdlib.h>
int main(void) {
  int *x = alloca(sizeof(int));
  while (*x != 0) {
    *x = *x - 2;
  }
  return 0;
}
