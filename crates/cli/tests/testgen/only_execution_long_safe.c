// A program without inputs whose only execution, ten million iterations long, fails nothing:
// its native run (past testgen's probe of 250,000 interpreter steps) ends without an error, so
// the search stops there, and verify proves the error unreachable (x stays even).
// expect error: unreachable
extern void reach_error(void);

int main(void) {
  unsigned int x = 0;
  while (x < 20000000u) {
    x += 2;
  }
  if (x % 2 == 1)
    reach_error();
  return 0;
}
