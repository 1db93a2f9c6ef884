//! verify: not FALSE
// A bytecode interpreter's dispatch loop through a static table of label addresses (Lua's
// lvm.c with LUA_USE_JUMPTABLE): the engines do not model pointers stored in memory, but no
// answer may be wrong.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

enum { HALT, INC, DOUBLE };

static int run(const unsigned char *code, int acc) {
  static const void *const dispatch[] = { &&op_halt, &&op_inc, &&op_double };
  int pc = 0;
  goto *dispatch[code[pc++]];
op_inc:
  acc++;
  goto *dispatch[code[pc++]];
op_double:
  acc *= 2;
  goto *dispatch[code[pc++]];
op_halt:
  return acc;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0;
  unsigned char prog[] = { DOUBLE, INC, INC, HALT };
  if (run(prog, n) != 2 * n + 2) reach_error();
  return 0;
}
