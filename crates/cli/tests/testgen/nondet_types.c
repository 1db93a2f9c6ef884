// Inputs of every width and signedness, with wrap-around: the error needs u * 3 to wrap to 7
// (u = 2863311533, above INT_MAX), uc + 100 to wrap below 10 as an unsigned char (uc >= 156),
// c * 2 to be -200, and the other values near the top or the bottom of their type's range. A
// test whose values were read as the wrong type (or written out of its range) does not reach it
// natively: the harness's __VERIFIER_nondet_* functions reject values their type cannot hold.
// expect error: reached
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long __VERIFIER_nondet_long(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long l = __VERIFIER_nondet_long();
  _Bool b = __VERIFIER_nondet_bool();
  unsigned char wrapped = uc + 100;
  int twice = c * 2;
  if (u * 3u == 7u && wrapped < 10 && twice == -200 && s < -30000 && us > 65000)
    if (ul > 18000000000000000000ul && l < -9000000000000000000l && b)
      reach_error();
  return 0;
}
