#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* Recursion keeps the calls from being inlined, so no loop gets a symbolic bound; the program
   reads no input, and its only execution, run as written, gives each loop's exact maximum per
   execution of the loop statement: each activation of `run` counts its own loop (n = 9 is
   the largest: 9 body starts). */

int run(int n) {
  int s = 0;
  if (n <= 0) {
    return 0;
  }
  LF_ENTRY(1);
  for (int i = 0; i < n; i++) {
    LF_BODY(1);
    s += i;
  }
  return s + run(n - 3);
}

int main(void) {
  int total = 0;
  int k = 0;
  while (k < 4) {
    total += run(2 * k + 3);
    k++;
  }
  return total > 0 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 9
