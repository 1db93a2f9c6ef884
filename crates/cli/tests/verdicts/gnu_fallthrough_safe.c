//! verify: TRUE
// `__attribute__((fallthrough));` and a label attribute change nothing: r is 11, 1 or 5 (the same
// verdict as without the attributes).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  switch (x) {
  case 1:
    r += 10;
    __attribute__((fallthrough));
  case 2:
    r += 1;
    break;
  default:
    r = 5;
  }
done: __attribute__((unused));
  if (r != 11 && r != 1 && r != 5) reach_error();
  return 0;
}
