//! verify --property memsafety: TRUE
/* A pointer variable whose address is taken (so it lives in memory) is moved through that
   address: a cell only stores of a pointer write. */
extern int __VERIFIER_nondet_int(void);
static void advance(char **p, int k) { *p = *p + k; }
int main(void) {
  char buf[32];
  char *cur = buf;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 32) n = 0;
  for (int i = 0; i < n; i++) {
    *cur = 'a';
    advance(&cur, 1);
  }
  return buf[0];
}
