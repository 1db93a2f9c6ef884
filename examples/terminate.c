/* An example for `leapfrog terminate`, loop by loop. The first loop terminates on every input
   (n decreases and is bounded below while the loop runs: a ranking function); the second does
   not when x > 0 and y <= 0 (x never decreases), so the program's verdict is FALSE, with inputs
   that lead into that recurrent set. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int steps = 0;
  while (n > 0) {
    n = n - 2;
    steps++;
  }
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  while (x > 0) {
    x = x - y;
  }
  return steps;
}
