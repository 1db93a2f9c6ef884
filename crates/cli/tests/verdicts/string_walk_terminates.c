//! terminate: TRUE ranking-function-memory-safety
// The walk ends at the terminator, or else reads past the buffer's end, which is undefined
// behaviour and ends the execution: ranked by the room left in the object.
#include <alloca.h>
extern int __VERIFIER_nondet_int(void);
static int length(const char *s) {
  const char *p = s;
  while (*p) p++;
  return p - s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) n = 1;
  char *buf = alloca(n);
  buf[n - 1] = 0;
  return length(buf);
}
