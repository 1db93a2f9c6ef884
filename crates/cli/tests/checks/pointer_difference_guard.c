//! verify --property memsafety: TRUE
// The room left is a pointer difference: `out + N - q` is the offsets' difference.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char out[16];
  char *q = out;
  for (int k = 0; k < 4; k++) {
    int len = __VERIFIER_nondet_int();
    if (len < 0 || len >= out + sizeof out - q)
      break;
    while (len-- > 0)
      *q++ = 'a';
  }
  *q = 0;
  return out[0];
}
