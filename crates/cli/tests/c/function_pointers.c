/* Calls through function pointers are not modelled: the run ends as `unsupported` when it reaches
   one (a pointer variable, an array of pointers, a parameter, a struct field), and not before;
   direct calls of the same functions still run normally, also written (*f)(x) or (&f)(x) with f
   a function. */
extern int __VERIFIER_nondet_int(void);

static int twice(int v) { return v * 2; }
static int negate(int v) { return -v; }
static int apply(int (*f)(int), int v) { return f(v); }
struct ops { int (*op)(int); };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int (*f)(int) = twice;
    return f(x);
  }
  if (sel == 1) {
    int (*table[2])(int) = { twice, negate };
    return table[x & 1](x);
  }
  if (sel == 2) return apply(negate, x);
  if (sel == 3) {
    struct ops o = { twice };
    return o.op(x);
  }
  if (sel == 5) return (*twice)(x) + (&negate)(1);   /* a function designator: direct calls */
  return twice(x) + negate(1);               /* direct calls */
}
//! run: 0,5 => unsupported
//! run: 1,5 => unsupported
//! run: 2,5 => unsupported
//! run: 3,5 => unsupported
//! run: 4,5 => exit 9
//! run: 5,5 => exit 9
//! run: 4,0 => exit -1
