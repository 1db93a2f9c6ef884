//! terminate: FALSE recurrent-set
// Adding 1 to the float 1e8 rounds back to 1e8 (the spacing of floats there is 8): the counter
// never moves and the loop never ends.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  for (float x = 1e8f; x < 2e8f; x += 1.0f)
    s = -s;
  return s;
}
