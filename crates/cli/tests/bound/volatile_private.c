#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* TACLeBench's `register volatile int i` counter and `volatile int x = 0` added to the data,
   without `--volatile memory`: a volatile local whose address is never taken is out of reach of
   anything but its own function's code (no device, signal handler or thread can name it), so
   its reads give the value last stored and the loop runs exactly 11 times. The loop over `q`,
   whose target's address escapes, reads inputs: it has no bound. */

int data[11];
volatile int *exposed;

int run(void) {
  register volatile int i;
  volatile int x = 0;
  volatile int q = 0;
  exposed = &q;
  LF_ENTRY(1);
  for (i = 0; i < 11; i++) {
    LF_BODY(1);
    data[i] = (i * 7) % 11 + x;
  }
  LF_ENTRY(2);
  while (q < 5) {
    LF_BODY(2);
    q++;
  }
  return data[3];
}

int main(void) {
  return run() == 10 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 11
// expect 2: no bound
