/* sendmail tTflag() (CVE-2001-0653), after Ku et al.: each debug option "-dfirst-last.level"
   sets the entries first..last of a fixed table of debug levels.  Here first and last are
   single bytes of the option string; a byte above 127 is a negative (signed) char. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

#define NVECT 20
#define NFLAGS 4

unsigned char tTdvect[NVECT]; /* global, as in sendmail */

int main(void) {
  int i, k, first, last, level;

  for (k = 0; k < NFLAGS; k++) {
    first = (signed char)__VERIFIER_nondet_char();
    last = (signed char)__VERIFIER_nondet_char();
    level = __VERIFIER_nondet_int();
    /* BAD: no check that first is not negative */
    if (last >= NVECT)
      last = NVECT - 1;
    for (i = first; i <= last; i++)
      tTdvect[i] = (unsigned char)level;
  }

  i = __VERIFIER_nondet_int();
  if (i >= 0 && i < NVECT)
    return tTdvect[i] > 0;
  return 0;
}
