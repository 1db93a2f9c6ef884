//! verify --property memsafety: FALSE(valid-deref) @10
/* A float read one element past a global array, on a rare input: floating-point loads are
   checked like integer ones. */
extern int __VERIFIER_nondet_int(void);
float a[2];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (i == 2 && (__VERIFIER_nondet_int() ^ 0x5a5a5a) != 0x1234567) return 0;
  float x = a[i];
  return x > 1.0f;
}
