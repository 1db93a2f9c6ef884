//! verify: TRUE loop-summaries
// Bit fields packed with masks and shifts (`(c << 2) | ((d & 0x30) >> 4)`, as base64 decoders
// do): the encoding keeps them exact in integer arithmetic (a mask is a sum of remainders, an
// OR of operands with no common bit is their sum, a zero test of an OR tests both operands).
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    unsigned char c = __VERIFIER_nondet_uchar();
    int d = __VERIFIER_nondet_int();
    int hi = (d & 0x30) >> 4;
    __VERIFIER_assert(0 <= hi && hi <= 3);
    int v = ((c & 0x3f) << 2) | ((d & 0x30) >> 4);
    __VERIFIER_assert(v >= 0 && v < 256);
    __VERIFIER_assert(((d & 0x3c) == 0) == (((d & 0x3c) >> 2) == 0));
    char b = (char) (((c & 3) << 6) | (d & 0x3f));
    if (b == 0) {
      __VERIFIER_assert((c & 3) == 0 && (d & 0x3f) == 0);
      zeros++;
    }
    __VERIFIER_assert((d & ~7) + (d & 7) == d);
  }
  __VERIFIER_assert(zeros >= 0);
  return 0;
}
