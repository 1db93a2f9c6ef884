/* Undefined behaviour in arithmetic, each reached only for some inputs: signed overflow in +, -
   and * for int, long and long long (and in a narrower type after promotion: no overflow for
   short * short), unary minus of INT_MIN (and of LONG_MIN), abs(INT_MIN), division by zero, INT_MIN
   / -1 and INT_MIN % -1, shift counts of 32 and negative, an overflowing constant-folded
   expression evaluated only at run time, overflow in a compound assignment and in ++. The same
   operations on unsigned types wrap and are fine. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  int op = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  switch (op) {
    case 0: return (a + b) & 0xFF;
    case 1: return (a - b) & 0xFF;
    case 2: return (a * b) & 0xFF;
    case 3: return -a & 0xFF;
    case 4: return (a / b) & 0xFF;
    case 5: return (a % b) & 0xFF;
    case 6: return (a << b) & 0xFF;
    case 7: return (a >> b) & 0xFF;
    case 8: { long l = __VERIFIER_nondet_long(); return (int)((l * 2) & 0xFF); }
    case 9: { long long x = a; x = x * 4294967296LL * b; return (int)(x >> 32) & 0xFF; }
    case 10: { short s = a, t = b; int p = s * t; return p & 0xFF; }   /* int arithmetic */
    case 11: return abs(a) & 0xFF;
    case 12: { unsigned u = a, v = b; return (u * v + u - v) & 0xFF; }  /* wraps, never ub */
    case 13: { int x = a; x *= b; return x & 0xFF; }
    case 14: { int x = a; x++; return x & 0xFF; }
    case 15: { long m = __VERIFIER_nondet_long(); return (int)(-m & 0xFF); }
  }
  return 0;
}
//! run: 0,2147483647,1 => ub
//! run: 0,-2147483648,-1 => ub
//! run: 0,2147483647,-1 => exit 254
//! run: 1,-2147483648,1 => ub
//! run: 1,2147483647,-1 => ub
//! run: 1,-2147483647,1 => exit 0
//! run: 2,65536,32768 => ub
//! run: 2,65536,32767 => exit 0
//! run: 2,-2147483648,1 => exit 0
//! run: 2,-2147483648,-1 => ub
//! run: 3,-2147483648 => ub
//! run: 3,-2147483647 => exit 255
//! run: 4,5,0 => ub
//! run: 4,-2147483648,-1 => ub
//! run: 4,-2147483648,2 => exit 0
//! run: 5,5,0 => ub
//! run: 5,-2147483648,-1 => ub
//! run: 5,-7,2 => exit 255
//! run: 6,1,32 => ub
//! run: 6,1,-1 => ub
//! run: 6,1,30 => exit 0
//! run: 6,1,31 => ub
//! run: 6,-1,31 => exit 0
//! run: 7,-1,32 => ub
//! run: 7,-256,4 => exit 240
//! run: 8,0,0,4611686018427387904 => ub
//! run: 8,0,0,4611686018427387903 => exit 254
//! run: 9,1,2147483647 => exit 255
//! run: 9,2,2147483647 => ub
//! run: 10,-32768,-32768 => exit 0
//! run: 11,-2147483648 => ub
//! run: 11,-5 => exit 5
//! run: 12,-1,-2147483648 => exit 255
//! run: 13,100000,100000 => ub
//! run: 13,1000,-1000 => exit 192
//! run: 14,2147483647 => ub
//! run: 14,2147483646 => exit 255
//! run: 15,0,0,-9223372036854775808 => ub
//! run: 15,0,0,9223372036854775807 => exit 1
