//! verify: FALSE @9
//! terminate: FALSE recurrent-set
//! summarize: sound
// A volatile object may change under the program's feet: each read is arbitrary.
extern void reach_error(void);
volatile int sensor_register = 0;
int main(void) {
  int x = sensor_register;
  if (x == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (x == 7) { }
  return 0;
}
