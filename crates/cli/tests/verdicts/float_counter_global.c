//! terminate: not TRUE
// The counter is a global, which `reset`, a function without a body, may set back to 0 at
// every iteration: its values are not the ones computed from its steps alone.
float x;
void reset(void);
int main(void) {
  int s = 0;
  for (x = 0.0f; x <= 10.0f; x += 1.0f) {
    reset();
    s++;
  }
  return s;
}
