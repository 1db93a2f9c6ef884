/* Pointers to rows of a variable-length array: arithmetic and differences scale by the row's
   run-time size. */
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 20) return 0;
  int a[n][n + 1];
  int (*p)[n + 1] = a;
  int (*q)[n + 1] = p + 2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= n; j++) a[i][j] = i * 100 + j;
  return (int)(q - p) + (n > 2 ? q[0][1] : 0) + (int)(&a[n - 1][n] - &a[0][0]);
}
//! run: 3 => exit 214
//! run: 1 => exit 3
//! run: 0 => exit 0
