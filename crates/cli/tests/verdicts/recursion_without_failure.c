//! verify: UNKNOWN
// Recursion cannot be inlined; random runs find no failure (there is none), and that proves
// nothing: the answer stays UNKNOWN.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  if (sum(n) < n) {
    __VERIFIER_error();
  }
  return 0;
}
