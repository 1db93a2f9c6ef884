/* Pointers: to scalars, arrays (int (*)[4]) and structs; arithmetic (p + i, p - i, p++, p += k)
   and differences (of int, char and struct pointers, negative too), comparisons (<, <=, ==, !=,
   against null), arrays of pointers, pointer to pointer (changing the pointed-to pointer through
   it), the address of locals passed to functions that modify them (out parameters, swap),
   a function returning a pointer into its argument, char pointers walking a string, void *
   round trips, and ub: dereferencing one past the end and a null pointer. */
extern int __VERIFIER_nondet_int(void);

struct rec { int id; long weight; };

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static void divmod(int n, int d, int *q, int *r) { *q = n / d; *r = n % d; }
static int *max_elem(int *a, int n) {
  int *best = a;
  for (int *p = a + 1; p < a + n; p++)
    if (*p > *best) best = p;
  return best;
}
static void advance(int **pp, int k) { *pp += k; }
static int length(const char *s) { const char *p = s; while (*p) p++; return (int)(p - s); }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (sel == 0) {
    swap(&x, &y);
    int q, r;
    divmod(x, 7, &q, &r);
    return x * 10 + y + q + r;
  }
  if (sel == 1) {
    int a[6] = { 4, 9, 2, 7, x, 1 };
    int *m = max_elem(a, 6);
    int *p = &a[5];
    long d1 = p - a;                         /* 5 */
    long d2 = a - p;                         /* -5 */
    char *c1 = (char *)a, *c2 = (char *)p;
    struct rec rs[3];
    struct rec *s0 = rs, *s2 = &rs[2];
    return (int)(m - a) * 100 + (int)d1 + (int)d2 + (int)(c2 - c1) + (int)(s2 - s0) + *m;
  }
  if (sel == 2) {
    int a[4] = { 1, 2, 3, 4 };
    int *p = a, *q = a + 3, *n = 0;
    int r = (p < q) + 2 * (q <= p) + 4 * (p + 3 == q) + 8 * (p != q) + 16 * (n == 0) + 32 * (p != n) + 64 * (q >= a + 3);
    p += 2;
    p--;
    r += *p * 100;                           /* a[1] = 2 */
    return r;
  }
  if (sel == 3) {
    int a = 1, b = 2, c = 3;
    int *ptrs[3] = { &a, &b, &c };
    int **pp = &ptrs[0];
    **pp = 10;                               /* a = 10 */
    pp++;
    *pp = &c;                                /* ptrs[1] now points to c */
    *ptrs[1] += 5;                           /* c = 8 */
    int arr[5] = { 0, 10, 20, 30, 40 };
    int *cursor = arr;
    advance(&cursor, x & 3);
    int **ppp[1] = { &cursor };
    return a + b + c + **ppp[0] + *ptrs[2];
  }
  if (sel == 4) {
    int grid[3][4];
    for (int i = 0; i < 12; i++) grid[i / 4][i % 4] = i;
    int (*row)[4] = grid;
    row += 2;
    int *flat = &grid[0][0];
    struct rec r = { 3, 40 };
    struct rec *pr = &r;
    long *pw = &pr->weight;
    *pw += 2;
    void *v = &r;
    struct rec *back = v;
    return (*row)[1] + row[-1][3] + flat[x & 7] + back->id + (int)r.weight;
  }
  if (sel == 5) {
    const char *s = "pointer";
    char buf[8];
    char *d = buf;
    const char *src = s;
    while ((*d++ = *src++))
      ;
    return length(s) * 10 + length(buf + 3) + buf[x & 7];
  }
  if (sel == 6) {
    int a[3] = { 1, 2, 3 };
    int *p = a + x;                          /* one past the end is a valid pointer */
    return *p;                               /* but reading it is ub */
  }
  if (sel == 7) {
    int *p = 0;
    if (x) p = &y;
    return *p;
  }
  return 0;
}
//! run: 0,5,30 => exit 311
//! run: 0,-8,3 => exit 25
//! run: 1,0 => exit 131
//! run: 1,50 => exit 472
//! run: 2 => exit 325
//! run: 3,2 => exit 48
//! run: 3,3 => exit 58
//! run: 4,0 => exit 61
//! run: 4,7 => exit 68
//! run: 5,0 => exit 186
//! run: 5,7 => exit 74
//! run: 6,2 => exit 3
//! run: 6,3 => ub
//! run: 6,-1 => ub
//! run: 7,1,42 => exit 42
//! run: 7,0,42 => ub
