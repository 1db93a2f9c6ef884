#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* By default a read of a volatile object is an input: it may give any value (something outside
   the program may write the object: a global can be named by a device's driver, a signal handler
   or another thread). A loop counted by a volatile global then need not end, and it has no
   bound, though the compiled program runs it 11 times. (volatile_memory.c is a loop like it
   under `--volatile memory`; volatile_private.c one whose counter is a local.) */

int data[11];
volatile int i;

int run(void) {
  LF_ENTRY(1);
  for (i = 0; i < 11; i++) {
    LF_BODY(1);
    data[i] = (i * 7) % 11;
  }
  return data[3];
}

int main(void) {
  return run() == 10 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: no bound
