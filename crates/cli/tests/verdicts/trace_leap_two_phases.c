//! verify: FALSE disjunctive-summaries @18
// Two phases (i below m, then up to n), each thousands of iterations long: the trace through
// both paths, its counters solved, gives the inputs.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n > 100000 || m < 0 || m > n) return 0;
  int i = 0, a = 0, b = 0;
  while (i < n) {
    if (i < m) {
      a = a + 2;
    } else {
      b = b + 1;
    }
    i = i + 1;
  }
  __VERIFIER_assert(a != 10000 || b != 5001);
  return 0;
}
