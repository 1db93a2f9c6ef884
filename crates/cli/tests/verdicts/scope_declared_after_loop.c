//! summarize: sound
//! verify: TRUE loop-summaries
// `late` is declared after the loop, in the loop's own block: it is not in scope at the loop, so
// the loop's invariant must not relate it to `i` (even though `late = i` makes the pair a
// natural candidate).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  {
    int i = 0;
    while (i < n) {
      i++;
    }
    int late = i;
    if (late != n) reach_error();
  }
  return 0;
}
