// Line targets behind nested loops: `hits++` runs only when some i * j is 2021 = 43 * 47, so the
// outer bound must exceed 43 and the inner one 47 (or the other way round); the line after the
// loops needs both such pairs, (43, 47) and (47, 43). There is no error to reach.
// expect line 21: reached
// expect line 26: reached
// expect error: unreachable
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int hits = 0;
  int done = 0;
  if (a < 0 || a > 100)
    return 0;
  if (b < 0 || b > 100)
    return 0;
  for (int i = 0; i < a; i++) {
    for (int j = 0; j < b; j++) {
      if (i * j == 2021) {
        hits++;
      }
    }
  }
  if (hits == 2) {
    done = 1;
  }
  return done;
}
