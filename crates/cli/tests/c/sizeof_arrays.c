/* sizeof of types, expressions (not evaluated: no side effect, no input consumed), arrays (the
   whole array, not a pointer), array parameters (a pointer), structs with padding, pointers, and
   string literals; fixed 1-D and 2-D arrays: indexing with nondeterministic indices, row pointers,
   a 2-D array passed to a function, array-to-pointer decay, and i[a] == a[i]. */
extern int __VERIFIER_nondet_int(void);

struct padded { char c; int i; char d; };          /* 12 bytes */
struct packed_ish { char a, b; short s; };         /* 4 bytes */

static int param_size(int a[10]) { return sizeof(a); }   /* a pointer: 8 */
static int sum_rows(int m[][3], int rows) {
  int s = 0;
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < 3; c++) s += m[r][c] * (r + 1);
  return s;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    int arr[10];
    long grid[3][5];
    int n = 0;
    int r = 0;
    r += sizeof arr == 40;
    r += (sizeof(grid) == 120) * 2;
    r += (sizeof grid[0] == 40) * 4;
    r += (sizeof(n++) == 4 && n == 0) * 8;                   /* not evaluated */
    r += (sizeof(__VERIFIER_nondet_int()) == 4) * 16;        /* no input read */
    r += (sizeof(struct padded) == 12 && sizeof(struct packed_ish) == 4) * 32;
    r += (sizeof(int *) == 8 && sizeof(char **) == 8 && sizeof(&arr) == 8) * 64;
    r += (sizeof("abc") == 4 && param_size(arr) == 8) * 128;
    return r + __VERIFIER_nondet_int();                      /* the next input */
  }
  if (sel == 1) {
    int a[5] = { 10, 20, 30, 40, 50 };
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i >= 5) return 0;
    int *p = a;                                              /* decay */
    return a[i] + i[a] + *(a + i) + p[i] - 4 * a[i] + (int)(sizeof(a) / sizeof(a[0]));
  }
  if (sel == 2) {
    int m[3][3];
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 3; c++) m[r][c] = r * 3 + c;
    int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
    if (i < 0 || i > 2 || j < 0 || j > 2) return 200;
    int *row = m[i];
    int (*rp)[3] = &m[1];
    return m[i][j] * 10 + row[2] + (*rp)[j] + rp[1][0] + sum_rows(m, 3) - 50;
  }
  if (sel == 3) {
    char text[2][3][4] = { { "ab", "cd" }, { "ef" } };
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 1) return 0;
    return sizeof text + sizeof text[1] + text[i][0][1] + text[1][1][0] + text[0][1][0];
  }
  return 0;
}
//! run: 0,5 => exit 260
//! run: 0 => exit 255
//! run: 1,0 => exit 5
//! run: 1,4 => exit 5
//! run: 1,5 => exit 0
//! run: 2,0,0 => exit 51
//! run: 2,2,1 => exit 128
//! run: 2,3,0 => exit 200
//! run: 3,0 => exit 233
//! run: 3,1 => exit 237
