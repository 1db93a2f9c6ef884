//! verify: TRUE loop-summaries
// A flag cleared when two arrays differ somewhere: while it is set, they agree on every
// element compared so far, `∀k ∈ [0, i): rv == 0 || a[k] == b[k]`.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int b[N];
  int i;
  int rv = 1;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N; i++)
    if (a[i] != b[i]) rv = 0;
  if (rv)
    for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == b[i]);
  return 0;
}
