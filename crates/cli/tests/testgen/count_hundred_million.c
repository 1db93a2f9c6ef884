// An error behind 10^8 iterations of a loop whose body also counts: the disjunctive summary
// solves the input (n == 10^8), the interpreter's replay would take 4 * 10^8 steps, beyond its
// limit, so the test is replayed natively (compiled by gcc).
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int i, s = 0;
  if (n < 0)
    return 0;
  for (i = 0; i < n; i++) {
    s = s + 1;
  }
  if (s == 100000000)
    reach_error();
  return 0;
}
