/* A long chain of conditional expressions (a lookup table written as ?:) is lowered in linear
   time, and each arm converted to the common type. */
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char small = 200;
  long r = x == 0 ? 10 : x == 1 ? 11 : x == 2 ? 12 : x == 3 ? 13 : x == 4 ? 14 : x == 5 ? 15 : x == 6 ? 16
         : x == 7 ? 17 : x == 8 ? 18 : x == 9 ? 19 : x == 10 ? 20 : x == 11 ? 21 : x == 12 ? 22 : x == 13 ? 23
         : x == 14 ? 24 : x == 15 ? 25 : x == 16 ? 26 : x == 17 ? 27 : x == 18 ? 28 : x == 19 ? 29 : x == 20 ? 30
         : x == 21 ? 31 : x == 22 ? 32 : x == 23 ? 33 : x == 24 ? 34 : x == 25 ? 35 : x == 26 ? 36 : x == 27 ? 37
         : x == 28 ? small : -1;
  return (int)(r & 255);
}
//! run: 0 => exit 10
//! run: 27 => exit 37
//! run: 28 => exit 200
//! run: 99 => exit 255
