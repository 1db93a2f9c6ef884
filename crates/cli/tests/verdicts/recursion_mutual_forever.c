//! terminate: not TRUE
// f and g call each other forever when x > 0: no argument may be found for the merged cycle.
extern int __VERIFIER_nondet_int(void);
int g(int x);
int f(int x) { if (x <= 0) return 0; return g(x); }
int g(int x) { return f(x); }
int main(void) { return f(__VERIFIER_nondet_int()); }
