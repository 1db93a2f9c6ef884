// Inputs read in a loop into an array, each kept within [-1000, 1000] by __VERIFIER_assume: the
// error needs five values in a given order (strictly increasing, spanning exactly 4, with 50 in
// the middle), so the stream's order matters; a test breaking an assumption does not count.
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int check(int *a, int n) {
  for (int i = 1; i < n; i++) {
    if (a[i - 1] >= a[i])
      return 0;
  }
  return a[n - 1] - a[0] == 4 && a[2] == 50;
}

int main(void) {
  int a[5];
  for (int i = 0; i < 5; i++) {
    a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[i] >= -1000 && a[i] <= 1000);
  }
  if (check(a, 5))
    reach_error();
  return 0;
}
