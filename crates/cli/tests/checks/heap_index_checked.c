//! verify --property memsafety: TRUE
//! checks: 3
void *malloc(unsigned long);
void free(void *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(400);
  int n = __VERIFIER_nondet_int();
  if (n >= 0 && n < 100) a[n] = 1;
  free(a);
  return 0;
}
