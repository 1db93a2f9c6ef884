//! verify --property memsafety: FALSE(valid-deref) @15
/* As heap_string_scan.c, but the terminator goes at `used`, which may be 16: past the buffer. */
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *txt = malloc(16);
  int used = __VERIFIER_nondet_int();
  if (used < 0 || used > 15) used = 15;
  for (int k = 0; k < used; k++) txt[k] = __VERIFIER_nondet_char() | 1;
  if (used == 15) used = 0; else txt[used] = 0;
  int spaces = 0;
  for (int i = 0; i < 100; i++) {
    if (i > 0 && txt[i - 1] == 0) break;
    if (txt[i] == ' ') spaces++;
  }
  free(txt);
  return spaces;
}
