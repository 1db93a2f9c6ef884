// Lines whose leftmost command is not what runs: a `case` and a `default` label, a goto label
// with its statement, a function written on one line, and a call that never returns. Each was
// once claimed unreachable (found by review): the target was the leftmost edge's location,
// which no execution visits.
// expect line 21: reached
// expect line 23: reached
// expect line 28: reached
// expect line 14: reached
// expect line 33: reached
// expect line 15: reached
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int sq(int a) { return a * a; }
int die(int v) { exit(v); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  switch (x) {
    case 1: y = 10; break;
    case 2: y = 20; break;
    default: y = 30;
  }
  if (x == 7)
    goto done;
  y = y + 1;
done: y = y + 5;
  if (x > 5 && x < 10) {
    y = sq(x);
  }
  if (x == 3) {
    y = die(y);
  }
  return y;
}
