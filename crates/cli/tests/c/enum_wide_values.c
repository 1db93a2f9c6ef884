/* Enumeration constants that do not fit in int take their enumeration's type (gcc's rule), so
   comparisons and divisions with them are unsigned or 64-bit. */
extern int __VERIFIER_nondet_int(void);
enum U { UA = 0x80000000, UB = 0xffffffff };
enum L { LA = 0x100000000 };
enum S { SA = -1, SB = 5 };
int main(void) {
  int k = __VERIFIER_nondet_int();
  int r = (UA > -1) * 10 + (UA / -1 == 0) + (UB + 1 == 0) * 100 + (sizeof(LA) == 8) * 20 + (SA < 0) * 40;
  if (k == 1) return UB == (unsigned)-1;
  if (k == 2) return (k ? UA : 0) >> 31;
  return r;
}
//! run: 0 => exit 161
//! run: 1 => exit 1
//! run: 2 => exit 1
