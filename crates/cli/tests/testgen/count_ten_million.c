// An error behind ten million iterations of a counting loop: the input is the loop's bound,
// and reach_error needs the counter to end at exactly 10^7. (The replay of the test takes
// 4 * 10^7 interpreter steps, below the 5 * 10^7 that testgen's replays allow: with one
// more statement in the body, 10^7 iterations no longer fit, and the status is unknown.)
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int i;
  if (n < 0)
    return 0;
  for (i = 0; i < n; i++) {
  }
  if (i == 10000000)
    reach_error();
  return 0;
}
