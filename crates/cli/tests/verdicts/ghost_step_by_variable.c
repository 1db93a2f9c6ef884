//! verify: TRUE loop-summaries
//! summarize: sound
// A step that is a variable: `i == \at(i, LoopEntry) + k * \iterations`, and the last
// iteration started below `100 * k`; with the exit condition, `i` ends exactly at `100 * k`.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1000) return 0;
  int i;
  for (i = 0; i < 100 * k; i += k)
    ;
  __VERIFIER_assert(i == 100 * k);
  return 0;
}
