// Branch coverage where one outcome is deep: `2 * n == 200002` is true only after 100001
// iterations, which random runs do not find (their inputs come from the program's constants and
// their neighbours, not halves of them); aiming at that outcome does, through the loop's
// summary. Every one of the 10 outcomes (each operand of `||` has two) is coverable.
// expect branches: outcomes == 10
// expect branches: covered >= 10
// expect line 22: reached
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = 0;
  int r = 0;
  while (x > 0) {
    x--;
    n++;
  }
  if (n > 10) {
    r = 1;
  }
  if (2 * n == 200002) {
    r = 2;
  }
  if (r == 2 || r == 0) {
    r = r + 3;
  }
  return r;
}
