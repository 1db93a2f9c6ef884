//! verify: TRUE loop-summaries
// An array declared in a block after the loops over `a`: the index variable of the quantified
// invariants is declared by their printed text, so it is visible at every loop, wherever the
// arrays are.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int i;
  int v = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) a[i] = v;
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == v);
  {
    int b[N];
    for (i = 0; i < N; i++) b[i] = 0;
  }
  return 0;
}
