//! verify: FALSE @13
// As array_copy.c, but the copy stops one element short: the last element of `a1` is never
// written (an input), and the check of it can fail.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 4
int main(void) {
  int a1[N];
  int a2[N];
  int i;
  for (i = 0; i < N; i++) a2[i] = __VERIFIER_nondet_int();
  for (i = 0; i < N - 1; i++) a1[i] = a2[i];
  for (i = 0; i < N; i++) __VERIFIER_assert(a1[i] == a2[i]);
  return 0;
}
