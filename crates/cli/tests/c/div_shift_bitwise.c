/* Division and remainder of every sign combination (truncation toward zero; the remainder has the
   sign of the dividend), unsigned division, shifts (arithmetic right shift of negative values as
   gcc, left shift of a negative value is multiplication, shifts of unsigned and 64-bit values),
   bitwise &, |, ^, ~ on signed and unsigned operands, and the ub cases: division and remainder by
   zero, INT_MIN / -1, INT_MIN % -1, shift counts out of range, left shift overflowing. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int op = __VERIFIER_nondet_int();
  switch (op) {
    case 0: return (a / b) * 10 + (a % b) + 100;      /* signs of quotient and remainder */
    case 1: return (unsigned)a / (unsigned)b % 256;
    case 2: return (unsigned)a % (unsigned)b % 256;
    case 3: return (a >> b) + 128;                     /* arithmetic shift */
    case 4: return (a << b) + 128;                     /* ub when out of range */
    case 5: return ((unsigned)a >> b) % 256;
    case 6: return (int)((unsigned)a << b >> 24);
    case 7: return (a & b) + ((a | b) ^ 0xF0) + (~a & 0xF);
    case 8: { long long w = a; return (int)((w << 40) >> 60) + 16; }
    case 9: { unsigned long long w = (unsigned)a; return (int)((w << b) >> 56); }
    case 10: return ((a ^ b) < 0) + 2 * ((~b) == -b - 1) + 4 * ((-a & a) == (a & -a));
  }
  return 0;
}
//! run: 17,5,0 => exit 132
//! run: -17,5,0 => exit 68
//! run: 17,-5,0 => exit 72
//! run: -17,-5,0 => exit 128
//! run: 7,0,0 => ub
//! run: -2147483648,-1,0 => ub
//! run: -2147483648,1,0 => ub
//! run: 0,0,1 => ub
//! run: -1,16,1 => exit 255
//! run: -1,1000,2 => exit 39
//! run: -1,0,2 => ub
//! run: -16,2,3 => exit 124
//! run: -1,31,3 => exit 127
//! run: 100,3,3 => exit 140
//! run: 5,32,3 => ub
//! run: 5,-1,3 => ub
//! run: -3,2,4 => exit 116
//! run: 1,30,4 => exit 1073741952
//! run: 3,30,4 => ub
//! run: 1,31,4 => ub
//! run: -1,31,4 => exit -2147483520
//! run: -2,31,4 => ub
//! run: 3,4,4 => exit 176
//! run: -1,28,5 => exit 15
//! run: -1,31,5 => exit 1
//! run: 1,32,5 => ub
//! run: 255,24,6 => exit 255
//! run: 12,10,7 => exit 265
//! run: -1,5,7 => exit -236
//! run: 7,0,8 => exit 16
//! run: -1,0,8 => exit 15
//! run: 4194304,0,8 => exit 20
//! run: 8388608,0,8 => ub
//! run: 1,63,9 => exit 128
//! run: 1,64,9 => ub
//! run: -5,3,10 => exit 7
//! run: 5,3,10 => exit 6
