//! terminate: not TRUE
// The inner loop is entered on every outer iteration and ends; the outer loop runs forever.
// Lassos do not cross inner loops, so UNKNOWN is the expected answer today; TRUE would be wrong.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (1) {
    int y = 3;
    while (y > 0) {
      y--;
    }
    x++;
  }
  return 0;
}
