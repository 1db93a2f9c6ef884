//! verify: TRUE loop-summaries
// A linear search: every element before the index it stops at differs from the key.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int e = __VERIFIER_nondet_int();
  int i;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  i = 0;
  while (i < N && a[i] != e) i++;
  int j = __VERIFIER_nondet_int();
  if (j >= 0 && j < i) __VERIFIER_assert(a[j] != e);
  return 0;
}
