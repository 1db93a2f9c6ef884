//! summarize: sound
//! terminate: TRUE
// Exit conditions that read memory: an element of an array at a changing index, and a cell
// reached through a pointer. They are printed over the source (`b[i] != 3`), never over the
// temporaries the loads go through.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int b[8];
  for (int j = 0; j < 8; j++) b[j] = j;
  b[7] = 3;
  int i = 0;
  while (i < 7 && b[i] != 3) i++;
  int *q = &b[0];
  int steps = 0;
  while (*q < 5 && steps < 8) {
    steps++;
    q = &b[steps];
  }
  return i + steps;
}
