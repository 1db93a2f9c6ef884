/* Recursion: factorial (with unsigned long results and signed overflow for large n), Fibonacci
   (two recursive calls per level), mutual recursion (is_even / is_odd declared before use),
   Ackermann for small arguments, deep recursion (~10000 levels, each with its own local array:
   locals are per call), recursion through a pointer argument (sum of a linked list built on the
   stack), and a recursion whose depth is chosen by the input. */
extern int __VERIFIER_nondet_int(void);

static int is_odd(int n);
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

static unsigned long ufact(unsigned n) { return n <= 1 ? 1 : n * ufact(n - 1); }
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
static int deep(int n) {
  int local[4];
  local[n & 3] = n;
  if (n == 0) return 0;
  int below = deep(n - 1);
  return (below * 7 + local[n & 3]) % 1000;     /* my local is untouched by the deeper calls */
}
struct node { int v; struct node *next; };
static int build_and_sum(int n, struct node *next) {
  struct node here = { n, next };
  if (n == 0) {
    int s = 0;
    for (struct node *p = &here; p; p = p->next) s += p->v;
    return s;
  }
  return build_and_sum(n - 1, &here);
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20000) return 255;
  if (sel == 0) return fact(n) % 256;        /* ub from n = 13 (13! > INT_MAX) */
  if (sel == 1) return (int)(ufact(n) % 251);
  if (sel == 2) return fib(n) % 256;
  if (sel == 3) return is_even(n) * 2 + is_odd(n);
  if (sel == 4) return ack(2, n);
  if (sel == 5) return deep(n) % 256;
  if (sel == 6) return build_and_sum(n, 0) % 256;
  return 0;
}
//! run: 0,5 => exit 120
//! run: 0,12 => exit 0
//! run: 0,13 => ub
//! run: 1,20 => exit 41
//! run: 1,25 => exit 206
//! run: 2,15 => exit 98
//! run: 3,7 => exit 1
//! run: 3,10000 => exit 2
//! run: 4,3 => exit 9
//! run: 5,9998 => exit 143
//! run: 5,3 => exit 66
//! run: 6,100 => exit 186
//! run: -1,-1 => exit 255
