//! verify: TRUE loop-summaries
// Every element set to one input value, then read from the last to the first.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 60
int main(void) {
  int a[N];
  int i;
  int v = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++) a[i] = v;
  for (i = N - 1; i >= 0; i--) __VERIFIER_assert(a[i] == v);
  return 0;
}
