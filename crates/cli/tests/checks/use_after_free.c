//! verify --property memsafety: FALSE(valid-deref) @11
void *malloc(unsigned long);
void free(void *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  int *q = p + 0;
  *p = 1;
  free(p);
  if (__VERIFIER_nondet_int() > 3)
    return *q;
  return 0;
}
