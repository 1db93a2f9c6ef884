//! terminate: not TRUE
// The loop reads the same byte, in bounds, forever: memory safety ends nothing here.
#include <stdlib.h>
int main(void) {
  char *s = malloc(4);
  s[0] = 1;
  while (*s) { }
  free(s);
  return 0;
}
