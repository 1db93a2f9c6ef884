/* GNU C and C11 extras the front end must read: statement expressions (also as a macro with
   typeof, evaluating its arguments once), typeof / __typeof__, binary constants (0b1010),
   multi-character and wide character constants, __builtin_expect, offsetof and
   __builtin_offsetof, _Alignof / __alignof__, _Static_assert, __extension__, attributes, static
   inline functions, register / volatile / const qualifiers, and sizeof of a compound literal. */
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

struct rec { char c; int i; long l; };
_Static_assert(sizeof(struct rec) == 16, "LP64 layout");

static inline int square(int v) { return v * v; }
__attribute__((noinline)) static int cube(int v) { return v * v * v; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int y = ({ int t = 0; for (int i = 0; i < x && i < 10; i++) t += i; t; });
    return y + MAX(x, 3) + MAX(x++, 1) + x;     /* MAX evaluates x++ once */
  }
  if (sel == 1) {
    typeof(x) a = x + 1;
    __typeof__(a) *pa = &a;
    __extension__ long long big = 0b1010 + 0B11;
    return *pa + (int)big + (int)sizeof(typeof(big));
  }
  if (sel == 2) {
    return 'ab' % 256 + ('ab' >> 8) + L'a' + (int)sizeof(L'a');   /* 98 + 97 + 97 + 4 */
  }
  if (sel == 3) {
    return (int)offsetof(struct rec, l) * 10 + (int)__builtin_offsetof(struct rec, i) + _Alignof(long) * 100
           + __alignof__(struct rec);
  }
  if (sel == 4) {
    register int r = x;
    volatile int v = 2;
    const int c = 3;
    if (__builtin_expect(r > 100, 0)) return 1;
    return square(r) + cube(v) + c + (int)sizeof((int[]){ 1, 2, 3 });
  }
  return 0;
}
//! run: 0,4 => exit 19
//! run: 0,0 => exit 5
//! run: 1,5 => exit 27
//! run: 2 => exit 296
//! run: 3 => exit 892
//! run: 4,3 => exit 32
//! run: 4,101 => exit 1
