/* Functions: several parameters of different types, argument evaluation order (right to left, as
   gcc: visible through nondeterministic calls as arguments), arguments converted to the parameter
   types, return values converted to char / short / unsigned / unsigned char / _Bool, void
   functions with and without `return;`, K&R-style definitions (including one whose parameters
   default to int), a call of a function defined later without a prior declaration (implicit
   declaration, returning int), a function without a body returning a value (the next input),
   a void function without a body (no input consumed), and nested calls as arguments. */
extern int __VERIFIER_nondet_int(void);
extern int read_sensor(void);              /* no body: each call yields the next input */
extern void log_event(int);                /* no body, void: consumes nothing */

static int three(int a, long b, unsigned char c) { return a * 100 + (int)b * 10 + c; }
static int pair(int a, int b) { return a * 10 + b; }
static char to_char(int v) { return v; }
static short to_short(long v) { return v; }
static unsigned to_unsigned(int v) { return v; }
static unsigned char low_byte(unsigned v) { return v; }
static _Bool truthy(long v) { return v; }
static int acc;
static void add(int v) { if (v < 0) return; acc += v; }
static void nothing(void) { }

int kr_add(a, b) int a; int b; { return a + b; }
int kr_default(x, y) { return x * y; }        /* parameters default to int */
long kr_mixed(p, n) int *p; long n; { return *p + n; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    /* right to left: the second argument is read first */
    return pair(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  }
  if (sel == 1) {
    return three(__VERIFIER_nondet_int(), __VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  }
  if (sel == 2) {
    int v = __VERIFIER_nondet_int();
    int r = 0;
    r += to_char(v) == (char)v;
    r += (to_short(v) == (short)v) * 2;
    r += (to_unsigned(v) == (unsigned)v) * 4;
    r += (low_byte(v) == (v & 255)) * 8;
    r += (truthy(v) == (v != 0)) * 16;
    r += (to_char(v) < 0) * 32;
    return r + truthy(4294967296L) * 64;       /* nonzero long: true, not truncated */
  }
  if (sel == 3) {
    add(5); add(-3); add(7);
    nothing();
    int three_args = three(1, 2, 300);         /* 300 converted to unsigned char: 44 */
    return acc + three_args - 100;
  }
  if (sel == 4) {
    int x = 4;
    return kr_add(2, 3) + kr_default(4, 5) + (int)kr_mixed(&x, 10) + later(6);
  }
  if (sel == 5) {
    int a = read_sensor();
    log_event(a);
    int b = read_sensor();
    return a - b + 50;
  }
  if (sel == 6) {
    return pair(pair(1, 2), pair(__VERIFIER_nondet_int(), 3)) % 256;
  }
  return 0;
}

int later(int v) { return v * 2; }
//! run: 0,1,2 => exit 21
//! run: 0,7,3 => exit 37
//! run: 1,1,2,3 => exit 321
//! run: 1,4,0,0 => exit 4
//! run: 2,-1 => exit 127
//! run: 2,200 => exit 127
//! run: 2,0 => exit 95
//! run: 2,65535 => exit 127
//! run: 3 => exit 76
//! run: 4 => exit 51
//! run: 5,30,10 => exit 70
//! run: 5,3 => exit 53
//! run: 6,4 => exit 163
