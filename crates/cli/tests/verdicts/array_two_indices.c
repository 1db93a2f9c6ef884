//! verify: TRUE loop-summaries
// A copy with two index registers that move together (`b[j] = a[i]`): the templates take them
// as one, `∀k ∈ [0, i): b[k] == a[k]`, and Houdini keeps that because `i == j` holds too.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
#define N 100
int main(void) {
  int a[N];
  int b[N];
  int i = 0;
  int j = 0;
  for (i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  i = 0;
  while (i < N) {
    b[j] = a[i];
    i = i + 1;
    j = j + 1;
  }
  i = 0;
  j = 0;
  while (i < N) {
    __VERIFIER_assert(a[i] == b[j]);
    i = i + 1;
    j = j + 1;
  }
  return 0;
}
