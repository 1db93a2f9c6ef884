//! verify: TRUE
//! terminate: TRUE
//! summarize: sound
// The control: calloc memory is zero, so no execution fails or loops.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = calloc(2, sizeof(int)); p[0] = 1;
  int x = p[1];
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
