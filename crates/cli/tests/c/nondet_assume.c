/* The nondeterministic sources, read in execution order from one stream: __VERIFIER_nondet_int,
   _uint, _char, _uchar, _short, _ushort, _long, _ulong, _bool (any nonzero value is true),
   unknown(), nondet() and random() without declarations (implicitly int / declared long), each
   value converted to its type; an exhausted stream gives 0. __VERIFIER_assume with a false
   condition blocks the run (also assume() and a condition on several values); a satisfied one
   lets it continue. */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int cond);
extern long random(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  _Bool b = __VERIFIER_nondet_bool();
  int k = unknown();
  int m = nondet();
  long r = random();
  __VERIFIER_assume(i >= 0 && i < 100);
  __VERIFIER_assume(u != 7);
  assume(k <= m);
  int acc = i;
  acc += u % 10;
  acc += c < 0;
  acc += uc / 64;
  acc += s < 0;
  acc += us / 16384;
  acc += l > 4294967295L;
  acc += ul > 4294967295UL;
  acc += b * 16;
  acc += m - k;
  acc += r > 0;
  return acc;
}
//! run: 5,12,-1,255,-2,65535,4294967296,-1,2,1,3,9 => exit 36
//! run: 5,12,127,256,32767,65536,0,0,0,0,0,0 => exit 7
//! run: 0,0,128,1023,32768,49152,1,1,-7,4,4,-9 => exit 24
//! run: 10 => exit 10
//! run: => exit 0
//! run: 100 => blocked
//! run: -1 => blocked
//! run: 1,7 => blocked
//! run: 1,17,0,0,0,0,0,0,0,5,4 => blocked
//! run: 1,17,0,0,0,0,0,0,0,4,5 => exit 9
