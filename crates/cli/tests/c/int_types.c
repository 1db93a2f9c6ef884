/* Every integer type: char (signed on x86-64), signed/unsigned char, short, unsigned short, int,
   unsigned, long, unsigned long, long long, unsigned long long. Sizes, ranges, the conversion of
   nondeterministic values to each type (narrowing wraps as gcc does) and arithmetic in the
   promoted type. The first value selects the part exercised. */
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sizeof(char) != 1 || sizeof(short) != 2 || sizeof(int) != 4 || sizeof(long) != 8 ||
      sizeof(long long) != 8 || sizeof(unsigned long long) != 8)
    return 200;
  if (sel == 0) {
    char c = __VERIFIER_nondet_char();
    signed char sc = __VERIFIER_nondet_char();
    unsigned char uc = __VERIFIER_nondet_uchar();
    /* c in [-128,127]; sc == -1 only for inputs ≡ 255 (mod 256); uc in [0,255] */
    return (c + 128) / 2 + (sc == -1) * 3 + uc / 4;
  }
  if (sel == 1) {
    short s = __VERIFIER_nondet_short();
    unsigned short us = __VERIFIER_nondet_ushort();
    int sum = s + us;            /* both promoted to int: no wrap */
    unsigned short back = s;     /* -1 -> 65535 */
    return (unsigned char)sum + (back == 65535) + (s < 0) * 2;
  }
  if (sel == 2) {
    unsigned u = __VERIFIER_nondet_uint();
    int i = __VERIFIER_nondet_int();
    unsigned w = u * 3u + 7u;    /* wraps modulo 2^32 */
    long wide = (long)i * 4;     /* no overflow in long */
    return (int)(w % 251u) + (int)(wide % 5 + 5);
  }
  if (sel == 3) {
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    long long ll = __VERIFIER_nondet_longlong();
    unsigned long long ull = __VERIFIER_nondet_ulonglong();
    int r = 0;
    if (l > 2147483647L) r += 1;          /* a long holds more than an int */
    if (ul == 18446744073709551615UL) r += 2;   /* -1 converted */
    if (ll < -4294967296LL) r += 4;
    if (ull > 0xFFFFFFFFull) r += 8;
    if ((int)l == -1) r += 16;            /* truncation keeps the low 32 bits */
    return r;
  }
  if (sel == 4) {
    unsigned long long big = 1ULL << 63;
    long long neg = -9223372036854775807LL - 1;
    unsigned long long m = (unsigned long long)neg;   /* same bits */
    int r = (big == m) + 2 * (neg < 0) + 4 * ((long long)(big >> 62) == 2);
    unsigned char narrowed = (unsigned char)0x1234;   /* 0x34 */
    signed char sn = (signed char)200;                /* -56 */
    short sh = (short)40000;                          /* -25536 */
    return r + narrowed + sn + (sh == -25536) * 100;  /* 7 + 52 - 56 + 100 */
  }
  return 255;
}
//! run: 0,5,255,100 => exit 94
//! run: 0,-128,-1,255 => exit 66
//! run: 0,300,511,1000 => exit 147
//! run: 1,-1,65535 => exit 257
//! run: 1,40000,70000 => exit 178
//! run: 2,4294967295,-3 => exit 7
//! run: 2,100,7 => exit 64
//! run: 3,4294967296,-1,-4294967297,4294967296 => exit 15
//! run: 3,4294967295,5,0,1 => exit 17
//! run: 4 => exit 103
//! run: 9 => exit 255
