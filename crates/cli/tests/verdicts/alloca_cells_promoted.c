//! terminate: TRUE ranking-function
// termCOMP's alloca programs keep their variables in allocated cells reached only through the
// pointer: the cells are registers for the analyses (`(*x_ref)` in the ranking function).
// `*y_ref` is read before it is written: its first read is an input.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *x_ref = alloca(sizeof(int));
  int *y_ref = alloca(sizeof(int));
  int *alias = y_ref;
  *x_ref = __VERIFIER_nondet_int();
  while (*x_ref > 0 && *alias < 100) {
    *x_ref = *x_ref - 1;
    *y_ref = *y_ref + 1;
  }
  return 0;
}
