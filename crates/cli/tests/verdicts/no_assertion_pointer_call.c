//! verify: TRUE no-assertion
// A call through a function pointer runs a function of the program, and none has an assertion.
extern int __VERIFIER_nondet_int(void);
static int calls;
void count(void) { calls++; }
int main(void) {
  void (*f)(void) = count;
  int x = __VERIFIER_nondet_int();
  while (x > 0) { x--; if (x == 3) f(); }
  return calls;
}
