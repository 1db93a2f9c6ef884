//! verify --property memsafety: not TRUE
/* A callee keeps the pointer it is given in a global register; given the address of a local
   array, the global outlives the caller's frame and main reads through it. */
static char *kept;
static void keep(char *p) { kept = p; }
static void remember(void) {
  char buf[4];
  buf[0] = 1;
  keep(buf);
}
int main(void) {
  remember();
  return kept[0];
}
