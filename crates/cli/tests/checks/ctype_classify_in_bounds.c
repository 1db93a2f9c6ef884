//! verify --property memsafety: TRUE
/* Words of letters and digits copied out of a line, upper-cased, skipping blanks: the
   classification functions' models take every char (promoted, -128 to 127) and the copy stays
   within the 16 bytes because it is bounded by the 15 input bytes. */
#include <ctype.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[16], out[16];
  for (int i = 0; i < 15; i++) in[i] = __VERIFIER_nondet_char();
  in[15] = 0;
  int n = 0;
  for (const char *p = in; *p; p++) {
    if (isspace((unsigned char)*p) || ispunct(*p))
      continue;
    if (isdigit(*p) || isalpha(*p))
      out[n++] = (char)toupper(*p);
  }
  out[n] = 0;
  return n > 0 && isupper(out[0]) ? 1 : 0;
}
