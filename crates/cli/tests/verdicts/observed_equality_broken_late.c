//! verify: FALSE @16
// Below 60 iterations `a == 3 * b` holds at every header visit the random runs see (they stop
// early); from the 60th on, `a` moves by 4. An equality observed only on early states must not
// become a verdict: Houdini refutes it, and the failure behind 61 iterations is found.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int a = 0, b = 0;
  while (b < n) {
    if (b < 60) a = a + 3;
    else a = a + 4;
    b = b + 1;
  }
  __VERIFIER_assert(a <= 3 * b);
  return 0;
}
