//! verify: FALSE @14
// As array_minimum.c, but the search skips the first element, which may be below the minimum
// found.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 5
int main(void) {
  int a[N];
  int i;
  int min = 0;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 1; i < N; i++)
    if (a[i] < min) min = a[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] >= min);
  return 0;
}
