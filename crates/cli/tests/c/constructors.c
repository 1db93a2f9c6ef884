/* Functions with __attribute__((constructor)) run before main, after the initializers of the
   globals, in order of priority, then of definition (once run by nothing: a verify TRUE for a
   program whose constructor made main fail, found by review). */
extern int __VERIFIER_nondet_int(void);

int trace = 1;

__attribute__((constructor)) static void second(void) { trace = trace * 10 + 2; }
__attribute__((constructor(101))) static void first(void) { trace = trace * 10 + 1; }
static void __attribute__((constructor)) third(void) { trace = trace * 10 + 3; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 0) return trace % 256; /* 1123 % 256 */
  return trace == 1123;
}
//! run: 0 => exit 99
//! run: 5 => exit 1
