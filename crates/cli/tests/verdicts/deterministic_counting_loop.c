//! verify: TRUE concrete-execution
// Four lines, no input.
extern void __VERIFIER_assert(int);
int main(void) { int i = 0; while (i < 1000) i++; __VERIFIER_assert(i == 1000); return 0; }
