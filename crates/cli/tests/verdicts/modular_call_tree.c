//! terminate: TRUE ranking-function
// 2^18 calls are too many to inline, and the volatile global makes the program read inputs
// (no single run decides it): each function's loop terminates from any state a call may find,
// its calls being calls that return (the same proof, from the leaves up), so every execution
// terminates.
volatile int sensor;
int acc;

void f18(void) { int k = sensor; while (k > 0) k -= 2; acc += k; }
void f17(void) { int i; for (i = 0; i < 3; i++) acc += i; f18(); f18(); }
void f16(void) { int i; for (i = 0; i < 3; i++) acc += i; f17(); f17(); }
void f15(void) { int i; for (i = 0; i < 3; i++) acc += i; f16(); f16(); }
void f14(void) { int i; for (i = 0; i < 3; i++) acc += i; f15(); f15(); }
void f13(void) { int i; for (i = 0; i < 3; i++) acc += i; f14(); f14(); }
void f12(void) { int i; for (i = 0; i < 3; i++) acc += i; f13(); f13(); }
void f11(void) { int i; for (i = 0; i < 3; i++) acc += i; f12(); f12(); }
void f10(void) { int i; for (i = 0; i < 3; i++) acc += i; f11(); f11(); }
void f9(void) { int i; for (i = 0; i < 3; i++) acc += i; f10(); f10(); }
void f8(void) { int i; for (i = 0; i < 3; i++) acc += i; f9(); f9(); }
void f7(void) { int i; for (i = 0; i < 3; i++) acc += i; f8(); f8(); }
void f6(void) { int i; for (i = 0; i < 3; i++) acc += i; f7(); f7(); }
void f5(void) { int i; for (i = 0; i < 3; i++) acc += i; f6(); f6(); }
void f4(void) { int i; for (i = 0; i < 3; i++) acc += i; f5(); f5(); }
void f3(void) { int i; for (i = 0; i < 3; i++) acc += i; f4(); f4(); }
void f2(void) { int i; for (i = 0; i < 3; i++) acc += i; f3(); f3(); }
void f1(void) { int i; for (i = 0; i < 3; i++) acc += i; f2(); f2(); }

int main(void) {
  f1();
  return acc;
}
