/* The SV-COMP convention with the program's own definitions: reach_error() defined as SV-COMP
   programs do (calling __assert_fail), called from a __VERIFIER_assert the program defines (an
   ERROR label, then abort), from a nested call and inside a loop; an assertion that holds lets
   the run go on; __VERIFIER_assume blocks runs whose input it excludes. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "verifier_assert_defined.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: { reach_error(); abort(); }
  }
  return;
}

static int checked_div(int a, int b) {
  __VERIFIER_assert(b != 0);
  return a / b;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000);
  int sum = 0;
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    sum += checked_div(100, v);
    __VERIFIER_assert(sum < 200);
  }
  return sum;
}
//! run: 0 => exit 0
//! run: 2,10,50 => exit 12
//! run: 1,0 => error
//! run: 3,1,1,1 => error
//! run: 2,1,-1 => exit 0
//! run: 1001,0 => blocked
//! run: 5,100,100,100,100 => error
