/* Initializers: designated ([i] = v, .field = v, nested .a.b = v and [i].f = v, GNU ranges
   [lo ... hi] = v), nested braces, brace elision (a flat list filling an array of structs and a
   2-D array), partial initializers (the rest is zero, also for locals initialized in a loop
   iteration after being modified), designators that go back and overwrite, arrays whose length
   comes from the initializer, char arrays from string literals (exact size without the zero,
   shorter strings padded with zeros, braced strings, arrays of strings whose length comes from
   the list), and scalars in braces. */
extern int __VERIFIER_nondet_int(void);

struct inner { int a, b; };
struct outer { int k; struct inner in; int arr[3]; char name[6]; };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int a[10] = { [2] = 5, [7] = x, 1, [0] = 3 };   /* a[8] = 1 */
    int b[] = { 1, 2, [5] = 9 };                     /* length 6 */
    int c[8] = { [1 ... 3] = 4, [6] = 2 };
    return a[0] + a[2] + a[7] + a[8] + a[9] + sizeof(b) / sizeof(b[0]) + b[5] + c[1] + c[3] + c[4] + c[6];
  }
  if (sel == 1) {
    struct outer o = { .in.b = 7, .k = x, .arr = { [2] = 3 }, .name = "ab" };
    struct outer p = { 1, { 2, 3 }, { 4, 5, 6 }, "hello" };
    struct outer q = { 1, 2, 3, 4 };                 /* brace elision: in = {2, 3}, arr[0] = 4 */
    struct outer r = { .in = { 9 }, 8 };             /* after .in comes arr[0] = 8 */
    return o.k + o.in.a + o.in.b + o.arr[2] + o.name[1] + o.name[2] + p.in.b + p.arr[2] + p.name[4]
           + q.in.b + q.arr[0] + q.arr[1] + r.in.a + r.in.b + r.arr[0];
  }
  if (sel == 2) {
    struct inner list[3] = { 1, 2, 3, 4, 5 };        /* {1,2},{3,4},{5,0} */
    int grid[3][4] = { { 1 }, { 2, 3 }, 4, 5, 6 };   /* row 2 = {4,5,6,0} */
    int flat[2][3] = { 1, 2, 3, 4 };
    struct inner des[4] = { [1].b = x, [3] = { 7, 8 }, [0].a = 6 };
    return list[2].a + list[2].b + list[1].b + grid[0][0] + grid[0][3] + grid[1][1] + grid[2][2] + grid[2][3]
           + flat[1][0] + flat[1][2] + des[0].a + des[1].b + des[3].b + des[2].a;
  }
  if (sel == 3) {
    char s1[] = "hello";                 /* 6 bytes */
    char s2[8] = "hi";                   /* rest zero */
    char s3[3] = "abc";                  /* no terminating zero */
    char s4[] = { "xy" };
    unsigned char s5[4] = { 'a', 'b' };
    int k = x & 7;
    return sizeof(s1) + s1[4] + s2[k] + s3[2] + sizeof(s4) + s4[1] + s5[3] + sizeof(s3);
  }
  if (sel == 5) {
    char names[][4] = { "ab", "cde", "f" };          /* 3 rows: each string initializes a row */
    struct { int n; char s[4]; } named[] = { { 1, { "xy" } }, 2, "zw" };
    int k = x & 3;
    return sizeof(names) + names[1][2] + names[2][k] + sizeof(named) + named[0].s[1] + named[1].s[0] + named[1].n;
  }
  if (sel == 4) {
    int total = 0;
    for (int i = 0; i < 3; i++) {
      int v[4] = { i };                  /* re-initialized each iteration */
      struct inner s = { .b = i };
      v[3] += 10;
      s.a += 5;
      total += v[0] + v[1] + v[3] + s.a + s.b;
    }
    int scalar = { 42 };
    return total + scalar;
  }
  return 0;
}
//! run: 0,10 => exit 44
//! run: 0,-3 => exit 31
//! run: 1,20 => exit 272
//! run: 2,11 => exit 48
//! run: 3,0 => exit 447
//! run: 3,1 => exit 448
//! run: 3,7 => exit 343
//! run: 4 => exit 93
//! run: 5,0 => exit 476
//! run: 5,1 => exit 374
//! run: 5,2 => exit 374
