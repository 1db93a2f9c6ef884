/* Designated initializers in depth: after a nested designator (.x.b = 1, 2, 3 and [0][1] = 1, 2)
   the following items continue inside the designated member's object, then outward (C11 6.7.9p17);
   a designator naming a member of an anonymous struct or union (and continuing inside the anonymous
   struct); a designated aggregate element initialized by brace elision ([2] = 1, 2 for rows of
   two); GNU ranges over rows; arrays of unknown size whose length comes from nested designators
   and elision; compound literals at file scope (static storage: still alive in main) and in a
   function (automatic). */
extern int __VERIFIER_nondet_int(void);

struct in3 { int a, b, c; };
struct outer { struct in3 x; int y; };
struct with_anon { int k; struct { int a, b; }; union { int n; short h[2]; }; int z; };

int *table = (int[]){ 5, 6, 7 };              /* file scope: static storage */
struct in3 *first = &(struct in3){ 1, 2, 3 };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (sel == 0) {
    struct outer o = { .x.b = v, 2, 3 };       /* x.b = v, x.c = 2, y = 3 */
    return o.x.a * 1000 + o.x.b * 100 + o.x.c * 10 + o.y;
  }
  if (sel == 1) {
    int m[2][3] = { [0][1] = 1, 2, 3, v };     /* m[0][1..2] = 1, 2; m[1][0..1] = 3, v */
    return m[0][1] * 1000 + m[0][2] * 100 + m[1][0] * 10 + m[1][1] + m[1][2];
  }
  if (sel == 2) {
    struct with_anon w = { 1, .b = v, 4, .h = { 2, 1 }, 9 };
    /* k = 1, b = v, then the next member of the anonymous struct: none, so the union gets 4;
       .h overwrites it; z = 9 */
    return w.k + w.a * 10 + w.b * 100 + (w.n == 65538) * 1000 + w.z;
  }
  if (sel == 3) {
    int m[][2] = { [2] = 1, v };                /* row 2 = { 1, v }: 3 rows */
    struct in3 s[] = { [1].b = 5, 6, 7 };       /* s[1].b, s[1].c, s[2].a: 3 elements */
    return (int)sizeof m + m[2][1] + (int)sizeof s + s[2].a * 100;
  }
  if (sel == 4) {
    int m[3][2] = { [0 ... 1] = 7, 8 };         /* m[0][0] = 7; m[1] = { 7, 8 } */
    int r[4] = { [1 ... 2] = v };
    return m[0][0] + m[1][0] * 10 + m[1][1] * 100 + m[0][1] + r[0] + r[1] + r[2] + r[3];
  }
  if (sel == 5) {
    table[1] += v;
    int *local = (int[]){ v, v + 1 };           /* automatic, alive in this block */
    return table[0] + table[1] + table[2] + first->c + local[1];
  }
  return 0;
}
//! run: 0,7 => exit 723
//! run: 1,4 => exit 1234
//! run: 2,3 => exit 1310
//! run: 3,8 => exit 768
//! run: 3,-8 => exit 752
//! run: 4,3 => exit 883
//! run: 5,10 => exit 42
