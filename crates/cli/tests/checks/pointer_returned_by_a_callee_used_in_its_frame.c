//! verify --property memsafety: TRUE
/* A function that returns the pointer it is given (as strcpy and strncpy return their
   destination) called with the address of a local array: the result is used inside the
   caller's frame only, so no address of the frame outlives the call. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
static char *fill(char *dst, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = 'a';
  dst[n] = 0;
  return dst;
}
static int label_length(void) {
  char label[8];
  char *end = fill(label, 5);
  strncpy(label, "xy", 2);
  return (int)strlen(end) + (__VERIFIER_nondet_char() == 'x');
}
int main(void) {
  return label_length();
}
