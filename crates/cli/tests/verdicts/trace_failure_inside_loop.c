//! verify: FALSE disjunctive-summaries @13
// The assertion fails inside the loop, at its 999,999th iteration: far beyond unwinding. As a
// branch out of the loop (`verify::traces::failures_as_exits`), the failing iteration is an
// exit path of the loop's automaton; the trace that ends by it gives `n` and the count of the
// iterations before, and the interpreter replays the run.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) {
    s = s + 2;
    __VERIFIER_assert(s != 1999998);
    i = i + 1;
  }
  return 0;
}
