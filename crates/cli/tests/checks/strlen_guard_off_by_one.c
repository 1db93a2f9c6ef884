//! verify --property memsafety: FALSE(valid-deref)
/* As strlen_guards_strcpy.c, with the guard off by one: a 16-character string and its
   terminator do not fit in 16 bytes. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char in[40], out[16];
  for (int i = 0; i < 39; i++) in[i] = __VERIFIER_nondet_char();
  in[39] = 0;
  if (strlen(in) > sizeof out) return 1;
  strcpy(out, in);
  return 0;
}
