//! terminate: not TRUE
// The walk bounces between the buffer's ends, always in bounds: with no byte 7 among the
// (unwritten, arbitrary) bytes it never ends, memory safety or not.
#include <alloca.h>
int main(void) {
  char *a = alloca(8);
  char *p = a;
  int d = 1;
  while (*p != 7) {
    p += d;
    if (p == a + 7 || p == a) d = -d;
  }
  return 0;
}
