//! verify: FALSE bounded-unwinding @14
// A computed goto through a label address chosen at run time: x == -5 reaches the failure.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  void *p = x > 0 ? &&pos : &&neg;
  goto *p;
pos:
  if (x <= 0) reach_error();
  return 1;
neg:
  if (x > 0) reach_error();
  if (x == -5) reach_error();
  return 0;
}
