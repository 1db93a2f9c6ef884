// Branch coverage of a switch (one outcome pair per case, reported at the `switch` keyword), a
// do-while loop ended by an unsigned wrap-around, a conditional expression in a called function
// and short-circuit `||`s. All 18 outcomes are coverable; `u == 0` needs u to start near the
// top of the unsigned range.
// expect branches: outcomes == 18
// expect branches: covered >= 18
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);

int twist(int a) {
  return a > 3 ? a * 2 : -a;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  char c = __VERIFIER_nondet_char();
  int r = 0;
  if (x < -1000 || x > 1000)
    return 0;
  switch (x) {
  case 1:
    r = 10;
    break;
  case 7:
    r = 20;
  default:
    r += 1;
  }
  do {
    u = u + 1;
    r++;
  } while (u != 0 && r < 5);
  r = r + twist(x);
  if (c == 'z' || u == 0) {
    r = r * 2;
  }
  return r;
}
