/* Static initializers may read string literals and take the addresses of compound literals (at
   file scope); the literals' objects exist (and hold their bytes) before any initializer runs. */
extern int __VERIFIER_nondet_int(void);
char c = "abc"[1];
int *p = &(int){5};
const char *names[] = {"zero", "one", "two"};
int main(void) {
  static char d = "xyz"[2];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 3) return names[k][1];
  return c + d + *p;
}
//! run: -1 => exit 225
//! run: 0 => exit 101
//! run: 2 => exit 119
