//! verify: not FALSE
//! terminate: not FALSE
// A loop made of computed gotos (the dispatch of every `goto *` of the function is one location,
// the loop's header): the body runs n times, adding 2 each time. Whether the loop goes on
// depends on which label address `next` holds, which the engines do not relate to i and n:
// UNKNOWN today, and never a wrong answer.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, s = 0;
  void *next = i < n ? &&body : &&done;
  goto *next;
body:
  s += 2;
  i++;
  next = i < n ? &&body : &&done;
  goto *next;
done:
  if (s != 2 * n) reach_error();
  return 0;
}
