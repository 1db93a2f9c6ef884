//! terminate: UNKNOWN
// longjmp makes a cycle the control-flow graph does not show.
#include <setjmp.h>
jmp_buf b;
int main(void) {
  volatile int n = 0;
  setjmp(b);
  n++;
  longjmp(b, 1);
  return 0;
}
