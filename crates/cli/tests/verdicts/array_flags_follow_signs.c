//! verify: TRUE loop-summaries
// A flag per element records its sign; a third loop re-checks every flag. The second loop's
// invariant relates two arrays under a test: `∀k ∈ [0, i): a[k] < 0 || b[k] == 1`, and the
// third's `f == 1` holds because that fact, instantiated at its own `i`, rules both resets out.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int b[N];
  int i;
  int f = 1;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) {
    if (a[i] >= 0)
      b[i] = 1;
    else
      b[i] = 0;
  }
  for (i = 0; i < N; i++) {
    if (a[i] >= 0 && !b[i]) f = 0;
    if (a[i] < 0 && b[i]) f = 0;
  }
  __VERIFIER_assert(f);
  return 0;
}
