//! summarize: sound
//! terminate: TRUE
// Two variables named `x`: the outer one is hidden inside the block, so the inner loop's facts
// may only mean the inner `x`, and the outer loop's only the outer one (which the `for` step,
// outside the block, decrements).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = 0;
  for (; x > 0; x--) {
    int x = 3;
    while (x < 7) {
      x++;
      n++;
    }
    n = n - x;
  }
  int y = x;
  while (y < 5) y++;
  return n;
}
