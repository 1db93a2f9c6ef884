//! verify: FALSE bounded-unwinding @19
// `__attribute__((fallthrough));` is a null statement: case 1 falls through into case 2, and
// only that path makes r == 11 (the same verdict as without the attribute).
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
  if (r == 11) reach_error();
  return 0;
}
