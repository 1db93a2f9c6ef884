//! verify --property memsafety: TRUE
// A copy guarded by a comparison of pointers into the destination: the comparison bounds the
// destination pointer's offset.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[8];
  char *q = out;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    if (q < out + sizeof out - 1)
      *q++ = 'a';
  }
  *q = 0;
  return out[0];
}
