//! terminate: FALSE recurrent-set
// The loop runs forever when `x` is 0, and only then: the recurrent set the templates give is
// `(long)x >= 0 && (long)x <= 0`. The checker reads a widened signed value as the same integer
// (it once wrapped it modulo 2^64, which let `x != 0` leave the set).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
int main(void) {
  unsigned int i;
  int x = __VERIFIER_nondet_int();
  for (i = 0; 1; i++) {
    if (x != 0)
      abort();
  }
  return 0;
}
