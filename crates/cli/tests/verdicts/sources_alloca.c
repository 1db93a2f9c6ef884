//! verify: FALSE @10
//! terminate: FALSE recurrent-set
//! summarize: sound
// alloca memory that was never written holds an arbitrary value.
#include <alloca.h>
extern void reach_error(void);
int main(void) {
  int *p = alloca(2 * sizeof(int)); p[0] = 1;
  int x = p[1];
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
