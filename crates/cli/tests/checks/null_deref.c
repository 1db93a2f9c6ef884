//! verify --property memsafety: FALSE(valid-deref) @8
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  int *p = &x;
  if (__VERIFIER_nondet_int() == 42)
    p = 0;
  *p = 1;
  return x;
}
