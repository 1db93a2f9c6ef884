/* Casts and implicit conversions: narrowing wraps (as gcc), sign changes, sign extension vs zero
   extension when widening, integer promotions ((unsigned char)255 + 1 is 256, ~ of an unsigned
   char is a negative int), the usual arithmetic conversions in comparisons (-1 < 0u is false,
   but -1 < (unsigned short)0 is true; -1L < 0u is true in LP64, -1LL < 0ULL false), conversions
   at assignment, in arguments and in return values. */
extern int __VERIFIER_nondet_int(void);

static unsigned char to_uchar(int v) { return v; }
static short take_short(short s) { return s; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int r = 0;
    if (-1 < 0u) r += 1;                               /* false */
    if (-1 < (unsigned short)0) r += 2;                /* promoted to int: true */
    if (-1L < 0u) r += 4;                              /* long holds every unsigned: true */
    if (-1LL < 0ULL) r += 8;                           /* false */
    if ((unsigned char)255 + 1 == 256) r += 16;
    if (~(unsigned char)0 == -1) r += 32;              /* promoted before ~ */
    if ((unsigned)-1 == 4294967295u) r += 64;
    if ((char)-1 < 0 && (unsigned char)-1 > 0) r += 128;
    return r;                                          /* 246 */
  }
  if (sel == 1) {
    /* narrowing of a nondeterministic int */
    signed char sc = (signed char)x;
    unsigned char uc = (unsigned char)x;
    short s = (short)x;
    unsigned short us = (unsigned short)x;
    int check = (sc == (signed char)uc) && (s == (short)us) && ((unsigned char)s == uc);
    return check * 100 + (sc < 0) * 10 + (s < 0);
  }
  if (sel == 2) {
    /* widening: sign extension from signed types, zero extension from unsigned */
    signed char sc = (signed char)x;
    long l1 = sc;
    unsigned long l2 = (unsigned char)sc;
    unsigned long l3 = sc;                   /* sign extended, then reinterpreted */
    long long l4 = (unsigned)x;              /* zero extended */
    int r = (l1 == x) + 2 * (l2 == (unsigned long)(x & 255)) + 4 * (l3 == (unsigned long)(long)sc)
            + 8 * (l4 >= 0);
    return r;
  }
  if (sel == 3) {
    unsigned u = x;
    int back = (int)u;                       /* round trip */
    long lu = u;                             /* 0..4294967295 */
    unsigned char a = to_uchar(x);           /* return value converted */
    short s = take_short(x);                 /* argument converted */
    return (back == x) + (lu >= 0) * 2 + (a == (x & 0xff)) * 4 + (s == (short)x) * 8 + (lu > 2147483647L) * 16;
  }
  if (sel == 4) {
    /* mixed signed/unsigned arithmetic */
    unsigned u = 10;
    int d = x - u;                           /* computed in unsigned, converted back */
    unsigned long ul = x;                    /* sign extended to 64 bits */
    long mixed = x + 0u;                     /* unsigned int result, zero extended */
    return (d == x - 10) + 2 * (ul == (unsigned long)(long)x) + 4 * (mixed == (long)(unsigned)x) + 8 * (x / 2u == (unsigned)x / 2);
  }
  return 0;
}
//! run: 0 => exit 246
//! run: 1,300 => exit 100
//! run: 1,200 => exit 110
//! run: 1,-1 => exit 111
//! run: 1,32768 => exit 101
//! run: 2,-3 => exit 15
//! run: 2,200 => exit 14
//! run: 2,100 => exit 15
//! run: 3,-5 => exit 31
//! run: 3,77 => exit 15
//! run: 4,-7 => exit 15
//! run: 4,12 => exit 15
