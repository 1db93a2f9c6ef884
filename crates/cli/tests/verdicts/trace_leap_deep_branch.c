//! verify: FALSE disjunctive-summaries @14
// The failure needs 300000 iterations of the loop and one value of the input: unwinding cannot
// reach it, the loop's summary (x' = x + 3·k1, with k1 pinned by the exit) gives both.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int k = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  while (x < 900000) {
    x = x + 3;
  }
  // x is 900000, 900001 or 900002, by x's value at entry modulo 3.
  __VERIFIER_assert(!(x == 900001 && k == 77));
  return 0;
}
