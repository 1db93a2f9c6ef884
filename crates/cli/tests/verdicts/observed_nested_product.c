//! verify: TRUE loop-summaries
// Each outer iteration adds `cols` to `cells`, one at a time: at the inner header
// `cells == row * cols + col`, at the outer one `cells == row * cols`, products of an outer
// counter and an unchanged bound that the interpreter's runs observe (the inner loop's variables
// include the counter of the loop around it).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int rows = __VERIFIER_nondet_int(), cols = __VERIFIER_nondet_int();
  if (rows < 0 || rows > 1000 || cols < 0 || cols > 1000) return 0;
  int cells = 0, row, col;
  for (row = 0; row < rows; row++) {
    for (col = 0; col < cols; col++) {
      cells++;
    }
  }
  __VERIFIER_assert(cells == rows * cols);
  return 0;
}
