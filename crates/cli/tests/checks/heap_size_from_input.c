//! verify --property memsafety: TRUE
//! checks: 3
void *malloc(unsigned long);
void free(void *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 100) return 0;
  /* the size is (unsigned long)n * 4: the checks see 4 * n */
  int *a = malloc(n * sizeof(int));
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n) a[k] = 1;
  free(a);
  return 0;
}
