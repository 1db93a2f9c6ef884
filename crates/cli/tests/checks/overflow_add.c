//! verify --property no-overflow: FALSE(no-overflow) @5
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;
  return y > 0;
}
