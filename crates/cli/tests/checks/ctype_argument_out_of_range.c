//! verify --property memsafety: FALSE(valid-deref)
/* isdigit's argument must be EOF or an unsigned char's value (C11 7.4p1): glibc reads its
   classification table at the argument, which for 300 is past the table's end. */
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < 0 || c > 300) return 0;
  return isdigit(c) ? 1 : 0;
}
