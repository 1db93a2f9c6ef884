/* assert() from <assert.h>: a failing assertion is an error (from main, from a helper, inside a
   loop); a passing one has no effect; the assertion's condition is evaluated once (a side effect
   in it happens). Also an assertion over a struct field and a pointer. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

struct range { int lo, hi; };

static int clamp(struct range r, int v) {
  assert(r.lo <= r.hi);
  return v < r.lo ? r.lo : v > r.hi ? r.hi : v;
}

int main(void) {
  int lo = __VERIFIER_nondet_int();
  int hi = __VERIFIER_nondet_int();
  struct range r = { lo, hi };
  int v = __VERIFIER_nondet_int();
  int c = clamp(r, v);
  int count = 0;
  assert(++count == 1);                  /* evaluated once */
  for (int i = 0; i < 3; i++) assert(c + i != 50);
  int *p = &count;
  assert(p && *p == 1);
  return c + count;
}
//! run: 0,10,5 => exit 6
//! run: 0,10,20 => exit 11
//! run: 10,0,5 => error
//! run: 40,60,49 => error
//! run: 40,60,47 => exit 48
//! run: 40,60,100 => exit 61
