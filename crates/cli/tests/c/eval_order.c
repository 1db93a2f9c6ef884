/* Order of evaluation as gcc -O0 does it, made visible by calls that record their order (trace)
   and that change a global (g): operands left to right (f(1) + f(2) * f(3)), call arguments right
   to left, a plain local read where it is used (after the right operand changed it), a global
   read before a call in `g - h()` but after it in `g + h()` and `g == h()` (gcc puts a variable
   operand of a commutative operation or comparison last), the left part of a comma right operand
   first (a - (b, c) is (b, a - c)), the right side of `=` before the left side's address
   (a[f(1)] = f(2) + f(3)), except that a call returning the left side's type is made after the
   left side (a[f(1)] = f(2), and a[f(1)] = two(f(2), f(3)) evaluates the arguments first), a
   chained assignment, `lhs = (a, b)`, compound assignment with a right side that has side
   effects evaluated first, and nondeterministic values read in that order. */
extern int __VERIFIER_nondet_int(void);

int trace, g;
int arr[10];
struct s { int a, b; } sarr[4];

static int f(int v) { trace = trace * 10 + v; return v; }
static int two(int a, int b) { trace = trace * 10 + 9; return a + b; }
static int setg(void) { g = 100; return 1; }
static struct s mk(int v) { trace = trace * 10 + v; struct s r = { v, v }; return r; }
static int add3(int a, int b, int c) { return a * 100 + b * 10 + c; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = 0;
  g = 10;
  switch (sel) {
    case 0: x = f(1) + f(2) * f(3); return trace;                 /* 123 */
    case 1: x = f(1) - f(2) - f(3); return trace + x;             /* 123 - 4 */
    case 2: return add3(f(1), f(2), f(3)) + trace;                /* args right to left: 123 + 321 */
    case 3: { int l = 10; x = l - (l = 3); return x; }            /* l read late: 0 */
    case 4: return g - setg();                                    /* 10 - 1 */
    case 5: return g + setg();                                    /* 100 + 1 */
    case 6: return (g == setg() * 100) + 2 * (g < setg() * 50);   /* 1 + 0 */
    case 7: { long y = (long)g + setg(); return y; }             /* widened: read first, 11 */
    case 8: arr[f(1)] = f(2) + f(3); return trace;                /* 231 */
    case 9: arr[f(1)] = f(2); return trace;                       /* 12 */
    case 10: arr[f(1)] = two(f(2), f(3)); return trace % 256;     /* 3219 % 256 */
    case 11: arr[f(1)] = arr[f(2)] = f(3); return trace;          /* 231 */
    case 12: arr[f(1)] = (f(2), f(3)); return trace;              /* 213 */
    case 13: arr[f(1)] += f(2) + f(3); return trace;              /* 231 */
    case 14: arr[f(1)] += 5; return trace;                        /* 1 */
    case 15: g = 0; arr[g / 20] = setg() + 1; return arr[0] * 10 + arr[5];   /* arr[5] = 2 */
    case 16: g = 0; arr[g / 20] = setg(); return arr[0] * 10 + arr[5];       /* arr[0] = 1 */
    case 17: sarr[f(1)] = sarr[f(2)]; return trace;               /* 21 */
    case 18: sarr[f(1)] = mk(2); return trace;                    /* 12 */
    case 19: arr[__VERIFIER_nondet_int() & 7] = __VERIFIER_nondet_int() + 1; return arr[1] * 10 + arr[2];
    case 20: arr[__VERIFIER_nondet_int() & 7] = __VERIFIER_nondet_int(); return arr[1] * 10 + arr[2];
    case 21: x = f(1) < f(2) ? f(3) : f(4); return trace;         /* 123 */
    case 22: { int *p = &arr[1]; *p++ = f(3); return (int)(p - arr) * 10 + arr[1]; }
    case 23: x = f(1) - (f(2), f(3), f(4)); return trace % 256;  /* 2314 % 256: comma hoisted */
    case 24: arr[1] = 7; return arr[g / 10] + (g = 20, 0);       /* g = 20 first: arr[2] */
  }
  return 0;
}
//! run: 0 => exit 123
//! run: 1 => exit 119
//! run: 2 => exit 444
//! run: 3 => exit 0
//! run: 4 => exit 9
//! run: 5 => exit 101
//! run: 6 => exit 1
//! run: 7 => exit 11
//! run: 8 => exit 231
//! run: 9 => exit 12
//! run: 10 => exit 147
//! run: 11 => exit 231
//! run: 12 => exit 213
//! run: 13 => exit 231
//! run: 14 => exit 1
//! run: 15 => exit 2
//! run: 16 => exit 10
//! run: 17 => exit 21
//! run: 18 => exit 12
//! run: 19,1,2 => exit 2
//! run: 19,2,1 => exit 30
//! run: 20,1,2 => exit 20
//! run: 22 => exit 23
//! run: 23 => exit 10
//! run: 24 => exit 0
