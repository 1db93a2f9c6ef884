// Branch coverage with impossible outcomes: `x == 6` right after `x == 5` held, and `y > 100`
// for a y clamped to [0, 100], are never true. There are 20 outcomes (two per condition: each
// operand of a short-circuit `&&` is one); 18 are coverable, the 2 others unreachable.
// expect branches: outcomes == 20
// expect branches: covered >= 18
// expect branches: unreachable >= 2
// expect error: unreachable
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int s = 0;
  if (x > 10 && y < 3) {
    s = 1;
  } else {
    s = 2;
  }
  if (y < 0)
    y = 0;
  if (y > 100)
    y = 100;
  while (x > 0 && x < 1000) {
    x--;
    if (x == 5 && x == 6) {
      s = 3;
    }
  }
  for (int i = 0; i < y; i++) {
    if (y > 100)
      s = 4;
    s += i;
  }
  return s;
}
