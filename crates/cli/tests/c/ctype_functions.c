/* The C library's character functions the front end models (include/leapfrog_string.c, with
   __NO_CTYPE so that <ctype.h> declares functions instead of its table macros): every function
   on every argument from -128 to 255 folded into the exit code, which the gcc-compiled program
   (glibc's tables, in the C locale) must give too. The input picks the fold. (isascii and
   toascii are glibc's macros, computed in the argument's type: tests/verdicts/ctype_ascii_long.c.) */
//! run: 0 => exit 217
//! run: 1 => exit 200
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  unsigned h = 7;
  for (int c = -128; c < 256; c++) {
    int v[18] = {isalnum(c), isalpha(c), isblank(c), iscntrl(c), isdigit(c), isgraph(c),
                 islower(c), isprint(c), ispunct(c), isspace(c), isupper(c), isxdigit(c),
                 isascii(c), toascii(c), tolower(c), toupper(c), _tolower(c), _toupper(c)};
    for (int i = 0; i < 18; i++)
      h = h * (k ? 37u : 17u) + (unsigned)v[i];
  }
  return (int)(h % 251);
}
