//! verify --property memsafety: FALSE(valid-free) @10
void *malloc(unsigned long);
void free(void *);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(4);
  char *q = p;
  free(p);
  if (__VERIFIER_nondet_int() == 7)
    free(q);
  return 0;
}
