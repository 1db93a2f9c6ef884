/* With NDEBUG defined, <assert.h> makes assert expand to nothing: the condition (and its side
   effect) is not evaluated. Including the header again without NDEBUG brings the check back. */
extern int __VERIFIER_nondet_int(void);
#define NDEBUG
#include <assert.h>
int first(int x) { assert(x++ == 5); return x; }
#undef NDEBUG
#include <assert.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = first(x);
  static_assert(sizeof(int) == 4, "int is 32 bits");
  assert(y != 7);
  return y;
}
//! run: 3 => exit 3
//! run: 5 => exit 5
//! run: 7 => error
