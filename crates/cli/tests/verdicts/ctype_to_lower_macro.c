//! verify: TRUE concrete-execution
/* glibc's _tolower and _toupper macros read its tables at any argument: modelled (the prelude's
   __NO_CTYPE turns them into functions), so the program's only execution decides. */
#include <ctype.h>
extern void reach_error(void);
int main(void) {
  if (_tolower('A') != 'a' || _toupper('b') != 'B' || _tolower(-3) != 253 || !isascii('z'))
    reach_error();
  return 0;
}
