//! verify: TRUE loop-free-encoding
// A computed goto through a label address chosen at run time: it jumps to exactly the label
// whose address the variable holds (each branch of the dispatch compares the address).
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
  return 0;
}
