/* An example for `leapfrog verify` and `leapfrog summarize`: the assertion holds because the
   loop keeps x + 2*y == 41 (an invariant Leapfrog infers and re-checks independently). */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
  int x = 1, y = 20;
  while (y >= x) {
    x = x + 2;
    y = y - 1;
  }
  __VERIFIER_assert(y == 13);

  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0 || n > 1000) return 0;
  while (i < n) {
    s = s + 2;
    i = i + 1;
  }
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
