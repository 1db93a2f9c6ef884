//! verify: not TRUE
//! terminate: not TRUE
// A function without a body may change memory its arguments reach.
extern void reach_error(void);
extern void touch(int *p);
int main(void) {
  int g = 0;
  touch(&g);
  if (g == 5) reach_error();
  while (g == 7) { }
  return 0;
}
