// An error no input reaches: `x > 0 && x < 0` is false for every x, and after the loop
// `i == x` whenever x > 0 (i counts up from 0 to x), so neither reach_error can be called.
// The second needs a loop invariant (i <= x when x >= 0) to prove.
// expect error: unreachable
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int i = 0;
  while (i < x) {
    i++;
  }
  if (x > 0 && x < 0)
    reach_error();
  if (x > 0 && i != x)
    reach_error();
  return 0;
}
