//! verify: not TRUE
//! terminate: not TRUE
// A call through a function pointer may change anything.
extern void reach_error(void);
int g;
void set(void) { g = 7; }
int main(void) {
  void (*f)(void) = set;
  f();
  if (g != 0) reach_error();
  while (g == 7) { }
  return 0;
}
