// An error behind a million iterations: `n` counts the input down to 0, and reach_error needs
// exactly 10^6 of them. Bounded unwinding and random inputs cannot get there; the loop's
// disjunctive summary (n' = n + k, x' = x - k) gives the input 1000000 at once.
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = 0;
  while (x > 0) {
    x--;
    n++;
  }
  if (n == 1000000)
    reach_error();
  return 0;
}
