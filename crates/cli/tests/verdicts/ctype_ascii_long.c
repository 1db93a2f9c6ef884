//! verify: TRUE concrete-execution
/* glibc's isascii and toascii are macros computed in the argument's type: a long with high bits
   set is not ASCII, whatever its low 32 bits are. */
#include <ctype.h>
extern void reach_error(void);
int main(void) {
  long x = 4294967296L + 'a';
  if (isascii(x) || toascii(x) != 'a' || !isascii('a'))
    reach_error();
  return 0;
}
