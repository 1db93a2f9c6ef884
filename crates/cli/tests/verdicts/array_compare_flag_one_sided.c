//! verify: FALSE @19
// As array_compare_flag.c, but the flag is cleared only when an element of `a` is the smaller:
// arrays that differ the other way keep it set.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 3
int main(void) {
  int a[N];
  int b[N];
  int i;
  int rv = 1;
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  for (i = 0; i < N; i++)
    if (a[i] < b[i]) rv = 0;
  if (rv)
    for (i = 0; i < N; i++) __VERIFIER_assert(a[i] == b[i]);
  return 0;
}
