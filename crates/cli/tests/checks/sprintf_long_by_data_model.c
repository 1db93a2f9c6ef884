//! verify --property memsafety --data-model ILP32: TRUE
//! verify --property memsafety --data-model LP64: FALSE(valid-deref)
/* %ld reads a long: at most 11 characters under ILP32 ("-2147483648"), which 12 bytes hold, but
   up to 20 under LP64. */
int sprintf(char *, const char *, ...);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  char b[12];
  long x = __VERIFIER_nondet_long();
  sprintf(b, "%ld", x);
  return b[0];
}
