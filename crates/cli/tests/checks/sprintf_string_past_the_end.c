//! verify --property memsafety: FALSE(valid-deref)
/* As sprintf_string_with_room.c, but into 9 bytes: with 7 characters, the terminator (written
   by the helpers of sprintf) goes past them. */
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char name[8], out[9];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 7) n = 7;
  for (int i = 0; i < n; i++) name[i] = __VERIFIER_nondet_char() | 1;
  name[n] = 0;
  return sprintf(out, "<%s>", name);
}
