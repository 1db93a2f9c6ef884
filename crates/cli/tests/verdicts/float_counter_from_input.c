//! terminate: not TRUE
// The counter starts from an input: from -1e30 (or any float whose spacing exceeds 1), adding 1
// does not move it, and the loop never ends.
extern int __VERIFIER_nondet_int(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  float x = __VERIFIER_nondet_float();
  for (; x <= 360.0f; x += 1.0f)
    s = -s;
  return s;
}
