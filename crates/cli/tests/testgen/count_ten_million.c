// An error behind ten million iterations of a counting loop: the input is the loop's bound,
// and reach_error needs the counter to end at exactly 10^7. (The replay takes 4 * 10^7
// interpreter steps, more than testgen's first replay allows: the test is replayed natively.)
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
