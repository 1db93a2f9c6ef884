//! verify: FALSE @11
// As array_global_zero_or_one.c, but a store writes 2, which the check does not allow.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 4
int a[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++)
    if (__VERIFIER_nondet_int()) a[i] = 2;
  for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == 0 || a[i] == 1);
  return 0;
}
