/* `&&` and `||` short-circuit (a side effect in the right operand does not happen when the left
   decides; nondeterministic calls in the right operand consume no input when skipped), their
   values (0 or 1) used in arithmetic, `!` on ints, pointers and nested, the conditional operator
   (with side effects only in the chosen branch, nested, on pointers, with mixed signed/unsigned
   operands converted to unsigned, as an lvalue-free value of struct type), and the comma
   operator (left to right, value of the last operand). */
extern int __VERIFIER_nondet_int(void);

static int calls;
static int side(int v) { calls++; return v; }
struct s { int a, b; };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int r = 0;
    if (x > 0 && side(x) > 5) r += 1;
    if (x > 0 || side(-x) > 5) r += 2;
    int v = (x == 3) && side(1);
    int w = (x != 3) || side(1);
    return r + v * 4 + w * 8 + calls * 16;
  }
  if (sel == 1) {
    /* the skipped operand must not read the stream */
    int a = (x != 0) && __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    return a * 100 + b;
  }
  if (sel == 2) {
    int *p = 0;
    int y = 4;
    int *q = &y;
    return !x + 2 * !!x + 4 * !p + 8 * !q + 16 * (!x == 0) + 32 * (!(x > 2 && x < 10));
  }
  if (sel == 3) {
    int a = 10, b = 20;
    int *p = x > 0 ? &a : &b;
    *p += 1;
    int nested = x < 0 ? -1 : x == 0 ? 0 : x < 100 ? 1 : 2;
    int t = x ? side(7) : side(8);
    unsigned mix = x > 0 ? -1 : 1u;         /* -1 converted to unsigned */
    struct s s1 = { 1, 2 }, s2 = { 3, 4 };
    struct s chosen = x > 5 ? s1 : s2;
    long wide = x ? 1 : 2L;
    int r = a + b + nested + t + calls + (mix > 5) + chosen.b + (int)sizeof(wide == 1 ? 0 : wide) + (int)sizeof(x ? 1 : 2L);
    return r;
  }
  if (sel == 4) {
    int i, j;
    int c = (i = 3, j = i + 4, i * j);       /* 21 */
    int k = 0;
    for (i = 0, j = 10; i < j; i++, j--)
      k++;
    int last = (side(1), side(2), side(x));
    return c + k + last + calls;
  }
  return 0;
}
//! run: 0,7 => exit 27
//! run: 0,3 => exit 62
//! run: 0,-9 => exit 26
//! run: 0,-2 => exit 24
//! run: 1,5,9,4 => exit 104
//! run: 1,5,0,4 => exit 4
//! run: 1,0,9,4 => exit 9
//! run: 2,0 => exit 37
//! run: 2,5 => exit 22
//! run: 2,-5 => exit 54
//! run: 3,50 => exit 59
//! run: 3,0 => exit 60
//! run: 3,-4 => exit 58
//! run: 3,500 => exit 60
//! run: 4,6 => exit 35
