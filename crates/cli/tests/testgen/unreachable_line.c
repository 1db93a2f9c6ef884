// A line no input reaches next to one some inputs reach: after ten rounds of `y = y + 2`,
// y is x + 20 for every x the guard lets through, so `bad = 1` (line 22) never runs; proving it
// needs the relation y - x == 2 * k kept through the loop. Line 25 runs for every x > 5.
// expect line 22: unreachable
// expect line 25: reached
// expect error: unreachable
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x;
  int k = 0;
  int bad = 0;
  int ok = 0;
  if (x < -1000 || x > 1000)
    return 0;
  while (k < 10) {
    k++;
    y = y + 2;
  }
  if (y != x + 20) {
    bad = 1;
  }
  if (x > 5) {
    ok = 1;
  }
  return bad + ok;
}
