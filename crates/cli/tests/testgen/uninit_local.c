// An uninitialized local read: with `--uninit nondet` its value is the next one of the input
// stream, after the value of the nondet call before it. Such a test cannot be replayed natively
// (only_nondet_calls is false), so only the interpreter's replay checks it.
// expect error: reached
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int x;
  if (a == 7 && x == 42)
    reach_error();
  return 0;
}
