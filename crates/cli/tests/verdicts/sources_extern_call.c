//! verify: FALSE @9
//! terminate: FALSE recurrent-set
//! summarize: sound
// The result of a function without a body is arbitrary.
extern void reach_error(void);
extern int sensor(void);
int main(void) {
  int x = sensor();
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
