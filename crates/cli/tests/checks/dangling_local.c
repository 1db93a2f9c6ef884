//! verify --property memsafety: not TRUE
extern int __VERIFIER_nondet_int(void);
static int *keep(int *p) { return p; }
static int *make(void) {
  int local = __VERIFIER_nondet_int();
  return keep(&local);
}
int main(void) {
  int *p = make();
  return *p;
}
