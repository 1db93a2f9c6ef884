//! verify --property memsafety: not TRUE
/* A function that returns the pointer it is given, called with the address of a local array:
   the result is kept in a global, so it outlives the caller's frame and main reads through
   it. */
static char *saved;
static char *pass(char *p) { return p; }
static void remember(void) {
  char buf[4];
  buf[0] = 1;
  saved = pass(buf);
}
int main(void) {
  remember();
  return saved[0];
}
