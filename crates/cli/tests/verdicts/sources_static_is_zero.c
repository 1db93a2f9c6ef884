//! verify: TRUE
//! terminate: TRUE
//! summarize: sound
// The control: static storage is zero, so no execution fails or loops.
extern void reach_error(void);
int a[3];
int main(void) {
  a[0] = 1;
  int x = a[1];
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
