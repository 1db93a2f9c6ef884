//! verify: TRUE loop-summaries
//! summarize: sound
// The loop moves `left` into `total` one unit at a time, both entry values inputs: the states at
// the header all satisfy `total + left == base + extra`, an equality over four variables that no
// template gives; the interpreter's runs observe it, Houdini proves it.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int base = __VERIFIER_nondet_int();
  int extra = __VERIFIER_nondet_int();
  if (base > 100000 || base < -100000 || extra < 0 || extra > 100000) return 0;
  int total = base, left = extra;
  while (left > 0) {
    left = left - 1;
    total = total + 1;
  }
  __VERIFIER_assert(total == base + extra);
  return 0;
}
