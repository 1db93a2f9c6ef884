#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A program that reads no input has one execution: the interpreter's run of it gives each loop's
   exact maximum, even where no symbolic bound is proven (the Collatz loop, `run`). Called from 27
   (111 steps) and 97 (118 steps); the loop in `never` is never run (max 0). */

int run(int n) {
  int steps = 0;
  LF_ENTRY(1);
  while (n != 1) {
    LF_BODY(1);
    n = n % 2 == 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

int never(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += i;
  }
  return s;
}

int main(void) {
  int s = run(27) + run(97);
  if (s < 0) {
    s = never(s);
  }
  return s == 229 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 118
