/* Verification builtins the program only declares: __VERIFIER_assert (fails when its argument is
   0, any nonzero value passes, also a pointer comparison), __VERIFIER_error() (always an error,
   also when called from a nested function), __CPROVER_assert with a message; each failure ends
   the run as `error` even when later code would exit or be undefined. (A reach_error() that is
   only declared is not tested: the gcc harness cannot link it.) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_error(void);
extern void __CPROVER_assert(int, const char *);

static void fail_if_42(int v) {
  if (v == 42) __VERIFIER_error();
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    __VERIFIER_assert(x);                 /* any nonzero value passes */
    __VERIFIER_assert(x * 2 != 6);
    return 1;
  }
  if (sel == 1) {
    if (x > 10) __VERIFIER_error();
    return 2;
  }
  if (sel == 2) {
    int *p = x ? &x : 0;
    __VERIFIER_assert(p != 0);
    return *p;
  }
  if (sel == 3) {
    fail_if_42(x);
    return 3;
  }
  if (sel == 4) {
    __CPROVER_assert(x >= 0, "x is not negative");
    return 4;
  }
  if (sel == 5) {
    __VERIFIER_assert(x != 1);
    return 1 / (x - 1);                   /* never reached with x == 1 */
  }
  return 0;
}
//! run: 0,5 => exit 1
//! run: 0,-1 => exit 1
//! run: 0,0 => error
//! run: 0,3 => error
//! run: 1,11 => error
//! run: 1,10 => exit 2
//! run: 2,7 => exit 7
//! run: 2,0 => error
//! run: 3,42 => error
//! run: 3,41 => exit 3
//! run: 4,0 => exit 4
//! run: 4,-1 => error
//! run: 5,1 => error
//! run: 5,2 => exit 1
