//! verify: not TRUE
//! terminate: not TRUE
// Inline assembly may change anything (here: x).
extern void reach_error(void);
int main(void) {
  int x = 0;
  __asm__ volatile("" : "+r"(x));
  if (x == 5) reach_error();
  while (x == 7) { }
  return 0;
}
