// A program without inputs whose only execution fails after ten million iterations: the
// interpreter's run passes testgen's probe (250,000 steps), so the error is replayed natively
// at once rather than interpreted to a step limit first (technique concrete-execution, the
// empty stream).
// expect error: reached
extern void reach_error(void);

int main(void) {
  unsigned int x = 0;
  while (x < 20000000u) {
    x += 2;
  }
  if (x % 2 == 0)
    reach_error();
  return 0;
}
