// The only way to the error reads past the end of an array, behind 10^7 iterations: no
// execution reaches the error in Leapfrog's semantics (undefined behaviour ends it first). The
// summaries propose n == 10^7, k == 4; the interpreter cannot replay that far and the native
// run, built with the sanitizers, stops at the read. Review once found this `reached`, when the
// native run was only checked for signed overflow.
// expect error: unknown
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  int a[4] = {0, 0, 0, 0};
  int s = 0;
  for (int i = 0; i < n; i++)
    s++;
  if (s == 10000000 && k == 4) {
    int y = a[k];
    reach_error();
  }
  return 0;
}
