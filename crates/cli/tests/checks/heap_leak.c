//! verify --property memsafety: FALSE(valid-memtrack)
void *malloc(unsigned long);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(8);
  a[0] = __VERIFIER_nondet_int();
  if (a[0] > 5) return 1;
  return 0;
}
