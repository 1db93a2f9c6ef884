//! verify --property memsafety: TRUE
/* A heap buffer filled from input, a terminator written after the filled part, then scanned to
   the terminator: the known terminator of the heap object (`\last_zero(*txt)`) keeps the
   scan inside it. */
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *txt = malloc(16);
  int used = __VERIFIER_nondet_int();
  if (used < 0 || used > 15) used = 15;
  for (int k = 0; k < used; k++) txt[k] = __VERIFIER_nondet_char();
  txt[used] = 0;
  int spaces = 0;
  for (int i = 0; txt[i] != 0; i++)
    if (txt[i] == ' ') spaces++;
  free(txt);
  return spaces;
}
