//! terminate: UNKNOWN
//! verify: TRUE no-assertion
// A call through a function pointer may run any function, here one that never returns.
void spin(void) { while (1) { } }
int main(void) {
  void (*f)(void) = spin;
  f();
  return 0;
}
