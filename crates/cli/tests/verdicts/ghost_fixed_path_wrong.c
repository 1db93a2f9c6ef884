//! verify: FALSE
// As ghost_fixed_path.c, with a step of 2 on even `y`: `x` ends at 100 for even `y`.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int x = 0;
  unsigned int y = __VERIFIER_nondet_uint();
  while (x < 99) {
    if (y % 2 == 0) {
      x += 2;
    } else {
      x++;
    }
  }
  __VERIFIER_assert(x == 99);
  return 0;
}
