// SV-COMP's __VERIFIER_assert, defined in the program as the benchmarks do. The first assertion
// holds for every input (s is twice i); the second fails exactly when n is 777, after 777
// iterations of the loop.
// expect error: reached
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
extern void abort(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {
    reach_error();
    abort();
  }
  }
  return;
}

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, s = 0;
  if (n > 1000)
    return 0;
  while (i < n) {
    i++;
    s += 2;
  }
  __VERIFIER_assert(s == 2 * i);
  __VERIFIER_assert(s != 2 * 777);
  return 0;
}
