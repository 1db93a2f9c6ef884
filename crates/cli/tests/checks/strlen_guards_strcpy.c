//! verify --property memsafety: TRUE
/* The usual fix: the length measured (strlen, the model) before the copy (strcpy) into a smaller
   buffer. The string's length ghosts (\nonzero_prefix(in), \first_zero(in)) tie the copy's end to
   the length measured. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char in[40], out[16];
  for (int i = 0; i < 39; i++) in[i] = __VERIFIER_nondet_char();
  in[39] = 0;
  if (strlen(in) >= sizeof out) return 1;
  strcpy(out, in);
  return 0;
}
