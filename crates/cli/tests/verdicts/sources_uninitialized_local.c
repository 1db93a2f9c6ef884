//! verify: FALSE @8
//! terminate: FALSE recurrent-set
//! summarize: sound
// An uninitialized local holds an arbitrary value.
extern void reach_error(void);
int main(void) {
  int x;
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
