//! verify: TRUE loop-summaries
// A global array starts zero; some elements are set to one: every element is one of the two,
// `∀k ∈ [0, 100): a[k] == 0 || a[k] == 1`.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int a[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++)
    if (__VERIFIER_nondet_int()) a[i] = 1;
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == 0 || a[i] == 1);
  return 0;
}
