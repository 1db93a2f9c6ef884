//! verify: FALSE
// As ghost_exit_count.c, but the second loop runs once more than `k` allows for odd `n`: the
// ghost invariants cannot prove it (they hold, the assertion does not), and a replayed
// execution shows the failure.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000000) return 0;
  int k = n;
  int i = 0;
  while (i < n) {
    k = k - 1;
    i = i + 2;
  }
  int j = 0;
  while (j < (n + 1) / 2) {
    __VERIFIER_assert(k > 0);
    k = k - 1;
    j = j + 1;
  }
  return 0;
}
