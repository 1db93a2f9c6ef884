//! terminate: TRUE
// f and g call each other with x shrinking on every round: the cycle is made direct recursion
// of f (ir::recursion::merge_cycle), whose descent loop is ranked by x.
extern int __VERIFIER_nondet_int(void);
int g(int x);
int f(int x) { if (x <= 0) return 0; return g(x - 1); }
int g(int x) { return f(x); }
int main(void) { return f(__VERIFIER_nondet_int()); }
