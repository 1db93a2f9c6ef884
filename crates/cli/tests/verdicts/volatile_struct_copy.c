//! verify: not TRUE
// Copying a volatile struct reads inputs: its bytes may have changed behind the program's back,
// so `t.x` may be anything and the assertion may fail. (The copy was once an ordinary memcpy,
// and the program's "only execution" gave TRUE; found by review.)
extern void reach_error(void);
struct S { int x; int y; };
volatile struct S s;
int main(void) {
  s.x = 1;
  struct S t = s;
  if (t.x != 1) reach_error();
  return 0;
}
