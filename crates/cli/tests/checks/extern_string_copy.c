//! verify --property memsafety: not TRUE
char *strcpy(char *, const char *);
extern char *__VERIFIER_nondet_pointer(void);
int main(void) {
  char small[4];
  strcpy(small, __VERIFIER_nondet_pointer());
  return small[0];
}
