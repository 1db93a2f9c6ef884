#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* By default a read of a volatile object is an input: it may give any value (something outside
   the program may write the object). A loop counted by a volatile variable then need not end,
   and it has no bound, though the compiled program runs it 11 times. (volatile_memory.c is the
   same loop under `--volatile memory`.) */

int data[11];

int run(void) {
  register volatile int i;
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
