/* Floating point that only flows into printf: double and float expressions (from integer
   variables, constants, casts and a conditional) passed to printf do not stop the run, since
   nothing integer depends on them; the integer part of the program behaves normally, and
   printf's integer arguments are evaluated (calls with side effects happen). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

static int calls;
static int counted(int v) { calls++; return v; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int sum = 0;
  for (int i = 1; i <= n && i <= 10; i++) sum += i;
  printf("sum=%d avg=%f f=%f\n", counted(sum), n > 0 ? (double)sum / n : 0.0, 1.5f * 2);
  printf("%.2f %d\n", sum * 3.0, counted(n));
  return sum + calls;
}
//! run: 4 => exit 12
//! run: 0 => exit 2
//! run: 100 => exit 57
