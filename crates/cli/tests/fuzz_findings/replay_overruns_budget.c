/* Found by `leapfrog fuzz --seed 7 --start 76 --programs 1` (a timeout finding): `verify
   --timeout 2` ran 5.5 s. Inputs from bounded unwinding are replayed by the interpreter up to
   its step limit (10 million steps, here in the loop over x2 that starts near UINT_MAX), and
   the replays do not heed the run's deadline. Expected: the answer within the budget (plus a
   little). */
#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fuzz.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
extern int fz_read_int(void);
extern void fz_sink(int);
volatile unsigned fz_vol;
int main(void) {
  int x1 = fz_read_int();
  unsigned x2 = (unsigned)fz_vol;
  char *h3 = malloc(2 * sizeof(char));
  if (h3 == 0) return 0;
  for (int i4 = 0; i4 < (int)1; i4++) h3[i4] = -8;
  unsigned char a5[6];
  unsigned char *p6 = a5 + 4;
  for (char *q7 = h3; q7 < h3 + 2; q7++) {
    x2 += *q7;
  }
  while (x2 > 0) {
    x2 -= 1;
  }
  x1 = -x2;
  fz_sink((x1 & x2));
  __VERIFIER_assert(x2 == 2);
  free(h3);
  return 0;
}
