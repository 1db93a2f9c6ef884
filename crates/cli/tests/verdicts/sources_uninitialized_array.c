//! verify: FALSE @9
//! terminate: FALSE recurrent-set
//! summarize: sound
// An element of a local array that was never written holds an arbitrary value.
extern void reach_error(void);
int main(void) {
  int a[3]; a[0] = 1;
  int x = a[1];
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
