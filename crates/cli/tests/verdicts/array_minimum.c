//! verify: TRUE loop-summaries
// The minimum of an array of inputs is below every element: `∀k ∈ [0, i): a[k] >= min` survives
// `min` decreasing.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int i;
  int min = 0;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++)
    if (a[i] < min) min = a[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] >= min);
  return 0;
}
