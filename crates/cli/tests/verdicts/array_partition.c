//! verify: TRUE loop-summaries
// Inputs split into the non-negative ones (`bb`) and the negative ones (`cc`), each written at
// its own index: the invariants range over `[0, b)` and `[0, c)`.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int aa[N];
  int bb[N];
  int cc[N];
  int a, b = 0, c = 0;
  for (a = 0; a < N; a++) aa[a] = __VERIFIER_nondet_int();
  for (a = 0; a < N; a++) {
    if (aa[a] >= 0) {
      bb[b] = aa[a];
      b++;
    } else {
      cc[c] = aa[a];
      c++;
    }
  }
  int x;
  for (x = 0; x < b; x++) __VERIFIER_assert(bb[x] >= 0);
  for (x = 0; x < c; x++) __VERIFIER_assert(cc[x] < 0);
  return 0;
}
