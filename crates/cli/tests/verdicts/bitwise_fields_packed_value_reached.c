//! verify: FALSE @13
// The packed value 0x70 is reached (c == 1, (d & 0x30) == 0x30): the exact encoding of a mask
// and of an OR of disjoint bits finds the input, which the interpreter replays.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    unsigned char c = __VERIFIER_nondet_uchar();
    int d = __VERIFIER_nondet_int();
    int v = (d & 0x30) | (c << 6);
    __VERIFIER_assert(v != 0x70);
  }
  return 0;
}
