//! verify: TRUE loop-summaries
// a·b is conserved: a counts down by one while p drops by b (b unchanged), so p − a·b keeps its
// entry value 0, a polynomial invariant no linear template gives.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 30000 || b < 0 || b > 30000) return 0;
  int p = a * b;
  while (a > 0) {
    a = a - 1;
    p = p - b;
  }
  __VERIFIER_assert(p == 0);
  return 0;
}
