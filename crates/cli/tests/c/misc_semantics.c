/* Corners of C semantics: ++ and -- on a _Bool (b-- on false gives true), compound assignment
   with an unsigned right side (i += 4294967295u is i - 1 after the conversion back to int),
   unsigned short operands promoted to int (65535 * 65535 overflows: ub), an enum with a value
   above INT_MAX (unsigned), a count-down loop on an unsigned counter, `continue` in
   `do { } while (0)` (goes to the test, so leaves it), goto into a loop body, a nested switch, a
   declaration before the first case label, a conditional mixing unsigned char and int (int),
   and block-scope shadowing of a global by a local and of a local by an inner one. */
extern int __VERIFIER_nondet_int(void);

int shadowed = 100;
enum big { BIG = 4000000000u };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    _Bool b = 0;
    b++; b++;                                  /* 1, 1 */
    int r = b;
    b--;                                       /* 0 */
    r = r * 10 + b;
    b--;                                       /* 0 - 1 = -1: true */
    return r * 10 + b;                         /* 101 */
  }
  if (sel == 1) {
    int i = x;
    i += 4294967295u;
    int j = x;
    j *= 2u;
    long l = x;
    l += 1u;                                   /* long arithmetic: no wrap to unsigned */
    return (i == (int)((unsigned)x - 1u)) + 2 * (j == (int)((unsigned)x * 2u)) + 4 * (l == (long)x + 1);
  }
  if (sel == 2) {
    unsigned short a = x, b = x;
    return (a * b) % 256;                      /* int product: ub above 46340 */
  }
  if (sel == 3) {
    enum big e = BIG;
    return (e > 0) * 10 + (int)sizeof(e) + (BIG > 0x7fffffff) * 100;
  }
  if (sel == 4) {
    unsigned s = 0;
    for (unsigned i = x; i-- > 0;) s += i;     /* x-1 down to 0 */
    int r = 0;
    do { r++; if (r < 3) continue; r += 10; } while (0);
    return s + r * 100;
  }
  if (sel == 5) {
    int r = 0, i = 0;
    goto inside;
    for (i = 0; i < 3; i++) {
      r += 100;
    inside:
      r += 1;
    }
    switch (x) {
      int hidden;                              /* declared, never initialized by a jump */
      case 1: hidden = 5; r += hidden; break;
      case 2:
        switch (x + 1) { case 3: r += 30; break; default: r += 99; }
        break;
    }
    return r;
  }
  if (sel == 6) {
    unsigned char uc = 200;
    int shadowed = 5;
    { int shadowed = 6; shadowed++; x += shadowed; }
    return (x > 0 ? uc : -1) + shadowed + x;   /* the conditional has type int */
  }
  return 0;
}
//! run: 0 => exit 101
//! run: 1,7 => exit 7
//! run: 1,-5 => exit 7
//! run: 1,-2147483648 => exit 7
//! run: 2,46340 => exit 16
//! run: 2,46341 => ub
//! run: 3 => exit 114
//! run: 4,5 => exit 110
//! run: 4,0 => exit 100
//! run: 5,1 => exit 208
//! run: 5,2 => exit 233
//! run: 5,9 => exit 203
//! run: 6,3 => exit 215
//! run: 6,-20 => exit -9
