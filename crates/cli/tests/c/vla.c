/* Variable-length arrays: 1-D and 2-D with nondeterministic lengths, sizeof of a VLA (evaluated
   at run time) and of its rows, indexing, pointer arithmetic over VLA rows, VLA parameters
   (int n, int a[n][n], and int r, int c, long a[r][c] with sizeof of a row), a VLA re-created
   with a new length in every loop iteration, a VLA of structs, and out-of-bounds access past the
   run-time length (ub). */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct cell { int v; char c; };

static int trace(int n, int a[n][n]) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i][i];
  return s;
}

static int last_col(int rows, int cols, long a[rows][cols]) {
  long s = 0;
  for (int i = 0; i < rows; i++) s += a[i][cols - 1];
  return (int)s + (int)sizeof(a[0]) + (int)sizeof(*a) / 8;    /* a row: cols longs */
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 20 && m > 0 && m <= 20);
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    int a[n];
    for (int i = 0; i < n; i++) a[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    return s % 200 + (int)(sizeof(a) / sizeof(int));
  }
  if (sel == 1) {
    long g[n][m];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) g[i][j] = i * 10 + j;
    long (*row)[m] = g + (n - 1);                 /* pointer to the last row */
    return (int)(sizeof(g) / 8) + (int)sizeof(g[0]) + (int)(*row)[m - 1] + (int)g[n / 2][m / 2];
  }
  if (sel == 2) {
    int sq[n][n];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) sq[i][j] = i == j ? i + 1 : 0;
    return trace(n, sq);                          /* n(n+1)/2 */
  }
  if (sel == 3) {
    int total = 0;
    for (int k = 1; k <= 3; k++) {
      char buf[k * m];
      total += sizeof buf;
      buf[k * m - 1] = (char)k;
      total += buf[k * m - 1];
    }
    struct cell cells[n];
    cells[n - 1].v = 7;
    cells[0].c = 'a';
    return total + (int)sizeof(cells) + cells[n - 1].v + (n == 1 ? 0 : cells[0].c);
  }
  if (sel == 5) {
    long g[n][m];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++) g[i][j] = i + j;
    return last_col(n, m, g);
  }
  if (sel == 4) {
    int a[n];
    int k = __VERIFIER_nondet_int();
    a[k] = 1;                                     /* ub when k >= n */
    return a[k];
  }
  return 0;
}
//! run: 3,4,0 => exit 8
//! run: 10,1,0 => exit 95
//! run: 0,4,0 => blocked
//! run: 21,1,0 => blocked
//! run: 3,4,1 => exit 79
//! run: 5,2,1 => exit 88
//! run: 4,4,2 => exit 10
//! run: 1,1,2 => exit 1
//! run: 2,3,3 => exit 144
//! run: 1,5,3 => exit 51
//! run: 3,4,5 => exit 48
//! run: 4,1,5 => exit 15
//! run: 4,1,4,3 => exit 1
//! run: 4,1,4,4 => ub
//! run: 4,1,4,-1 => ub
