//! verify: FALSE @10
//! terminate: FALSE recurrent-set
//! summarize: sound
// malloc memory that was never written holds an arbitrary value.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *p = malloc(2 * sizeof(int)); p[0] = 1;
  int x = p[1];
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
