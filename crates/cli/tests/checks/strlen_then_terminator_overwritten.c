//! verify --property memsafety: FALSE(valid-deref)
/* The terminator strlen found is overwritten: when it was the last byte, the second strlen (the
   model's scan) reads past the buffer. The length ghosts must not keep the first length. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char buf[8];
  for (int i = 0; i < 8; i++) buf[i] = __VERIFIER_nondet_char();
  buf[7] = 0;
  int n = strlen(buf);
  buf[n] = 'x';
  return strlen(buf);
}
