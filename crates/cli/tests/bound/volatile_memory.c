#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A WCET benchmark's volatile objects, as TACLeBench writes them: a loop counter qualified
   `register volatile` and a `volatile int x = 0` added to the input data, only to keep the
   compiler from folding them. Under `--volatile memory` a read gives the value last stored, so
   the program reads no input and its only execution gives each loop's exact maximum: 11 for the
   volatile counter, and 7 for the scan (data is 0 7 3 10 6 2 9 5 1 8 4: it stops at the 3 after
   2 steps, and runs 7 before the 5). (Without the option every volatile read is an input: see
   volatile_input.c.) */
// options: --volatile memory

int data[11];

int run(int limit) {
  register volatile int i;
  volatile int x = 0;
  LF_ENTRY(1);
  for (i = 0; i < 11; i++) {
    LF_BODY(1);
    data[i] = (i * 7) % 11 + x;
  }
  int n = 0;
  int k = 0;
  LF_ENTRY(2);
  while (k < 11 && data[k] != limit) {
    LF_BODY(2);
    n += data[k] > limit;
    k++;
  }
  return n;
}

int main(void) {
  return run(3) + run(5) == 5 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 11
// expect 2: max 7
