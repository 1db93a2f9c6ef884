//! verify: FALSE @6
//! terminate: FALSE recurrent-set
//! summarize: sound
// The entry function's parameters are inputs.
extern void reach_error(void);
int main(int argc, char **argv) { if (argc == 5) reach_error();
  int i = 0;
  while (i < 3) { i++; }
  while (argc == 7) { }
  return 0;
}
