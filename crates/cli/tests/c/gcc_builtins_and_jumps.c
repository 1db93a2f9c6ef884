/* Functions without a body whose result is not arbitrary are not modelled: gcc builtins, and
   library functions that do not return (longjmp, errx). `printf` with `%n` writes memory. */
#include <setjmp.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
jmp_buf env;
int main(void) {
  int k = __VERIFIER_nondet_int();
  int n = 0;
  if (k == 1) return __builtin_popcount(7u);
  if (k == 2) longjmp(env, 1);
  if (k == 3) { printf("abc%n", &n); return n; }
  printf("%d%%n\n", k);
  return k;
}
//! run: 0 => exit 0
//! run: 1 => unsupported
//! run: 2 => unsupported
//! run: 3 => unsupported
//! run: 5 => exit 5
