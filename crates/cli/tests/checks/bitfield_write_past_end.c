//! verify --property memsafety: not TRUE
/* A bit-field written one element past a global array of structs, on a rare input: bit-field
   accesses are not modelled, so their checks stay open. */
extern int __VERIFIER_nondet_int(void);
struct s { int a : 4; int b : 4; } arr[2];
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  if (i == 2 && (__VERIFIER_nondet_int() ^ 0x5a5a5a) != 0x1234567) return 0;
  arr[i].a = 1;
  return 0;
}
