//! verify: TRUE loop-summaries
// A copy of an array of inputs, then every element compared: the second loop's invariant
// quantifies over the elements copied so far, `∀k ∈ [0, i): a1[k] == a2[k]`, the third's over all.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a1[N];
  int a2[N];
  int i;
  for (i = 0; i < N; i++) a2[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) a1[i] = a2[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a1[i] == a2[i]);
  return 0;
}
