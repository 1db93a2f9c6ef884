//! verify --property memsafety: FALSE(valid-deref)
/* strstr over a buffer whose 8 bytes are all letters: the search reads past its end. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char s[8];
  for (int i = 0; i < 8; i++) s[i] = 'a' + (__VERIFIER_nondet_char() & 7);
  return strstr(s, "zz") != 0;
}
