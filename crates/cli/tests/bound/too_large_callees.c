#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A function whose callees make 2^18 calls (too many to inline), over a volatile global (an
   input, so the program has no single execution). The function is analysed from an arbitrary
   entry with each callee too large to inline an arbitrary change of the state: its loop's
   counter is its own, so the loop runs 7 times from any state the calls leave. */

volatile int sensor;
int acc;

void f18(void) { acc += sensor; }
void f17(void) { f18(); f18(); }
void f16(void) { f17(); f17(); }
void f15(void) { f16(); f16(); }
void f14(void) { f15(); f15(); }
void f13(void) { f14(); f14(); }
void f12(void) { f13(); f13(); }
void f11(void) { f12(); f12(); }
void f10(void) { f11(); f11(); }
void f9(void) { f10(); f10(); }
void f8(void) { f9(); f9(); }
void f7(void) { f8(); f8(); }
void f6(void) { f7(); f7(); }
void f5(void) { f6(); f6(); }
void f4(void) { f5(); f5(); }
void f3(void) { f4(); f4(); }
void f2(void) { f3(); f3(); }
void f1(void) { f2(); f2(); }

int run(void) {
  int i;
  f1();
  LF_ENTRY(1);
  for (i = 0; i < 7; i++) {
    LF_BODY(1);
    acc += i;
  }
  return acc;
}

int main(void) {
  return run() > 0 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 7
