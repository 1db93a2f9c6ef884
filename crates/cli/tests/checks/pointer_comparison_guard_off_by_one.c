//! verify --property memsafety: FALSE(valid-deref) @13
// The guard lets the pointer reach one past the end, where the terminator is written.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[8];
  char *q = out;
  int n = __VERIFIER_nondet_int();
  if (n > 20) return 0;
  for (int i = 0; i < n; i++) {
    if (q < out + sizeof out)
      *q++ = 'a';
  }
  *q = 0;
  return out[0];
}
