//! verify: TRUE
//! terminate: TRUE
// A loop closed by a computed goto (the dispatch of the function's `goto *` is the loop's
// header): `next` can only hold the one label address the function takes, so the dispatch has
// one branch, and the body runs n times, adding 2 each time.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, s = 0;
  void *next = &&body;
  if (n == 0) goto done;
body:
  s += 2;
  i++;
  if (i < n) goto *next;
done:
  if (s != 2 * n) reach_error();
  return 0;
}
