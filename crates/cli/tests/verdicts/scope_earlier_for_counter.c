//! verify: TRUE loop-summaries
//! summarize: sound
// The counter of an earlier `for` is out of scope at the second loop (ATVA'08 Fig. 1): the second
// loop's invariant must not mention `k` (the instrumented program would not compile), and its exit
// condition reads a buffer element, printed as `a[p] == 0`, not through a temporary.
extern void reach_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char a[10];
  for (int k = 0; k < 9; k++) a[k] = __VERIFIER_nondet_char();
  a[9] = 0;
  int p = 0;
  while (a[p] != 0) {
    p++;
  }
  if (!(p < 10)) reach_error();
  return 0;
}
