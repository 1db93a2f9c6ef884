//! verify: TRUE loop-summaries
// Inputs copied through five arrays: the last equals the first, element by element, because
// each copy's invariant, instantiated at the index the next copy reads, chains the equalities.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a1[N], a2[N], a3[N], a4[N], a5[N];
  int i;
  for (i = 0; i < N; i++) a1[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) a2[i] = a1[i];
  for (i = 0; i < N; i++) a3[i] = a2[i];
  for (i = 0; i < N; i++) a4[i] = a3[i];
  for (i = 0; i < N; i++) a5[i] = a4[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a1[i] == a5[i]);
  return 0;
}
