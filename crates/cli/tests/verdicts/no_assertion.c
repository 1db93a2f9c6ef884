//! verify: TRUE no-assertion
// No assertion anywhere: nothing can fail, whatever the loop does (its summary proves nothing).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 1 && x > 0) x = x % 2 ? 3 * x + 1 : x / 2;
  return x;
}
