/* GNU C's labels as values and statement attributes: a bytecode interpreter whose dispatch loop
   jumps through a static table of label addresses (`&&label`, `goto *`, as Lua's lvm.c does), a
   label address kept in a variable, gcc's relative table of label differences
   (`goto *(&&base + offset[i])`), and `__attribute__((fallthrough));` and label attributes, which
   change nothing. The interpreter follows the jumps exactly: it agrees with gcc. */
extern int __VERIFIER_nondet_int(void);

enum { HALT, PUSH, ADD, MUL, DUP, DEC, JNZ };

/* A stack machine; JNZ k jumps to k while the top of the stack is not zero. Written with the
   macros of Lua's lvm.c and ljumptab.h: `vmdispatch` jumps through the table, `vmcase` is a
   label inside the block after it, `vmbreak` fetches and dispatches again. */
#define vmdispatch(x) goto *disptab[x];
#define vmcase(l) L_##l:
#define vmfetch() (op = code[pc++])
#define vmbreak \
  vmfetch(); \
  vmdispatch(op);

static int run(const unsigned char *code) {
  static void *disptab[] = { &&L_HALT, &&L_PUSH, &&L_ADD, &&L_MUL, &&L_DUP, &&L_DEC, &&L_JNZ };
  int stack[16];
  int sp = 0, pc = 0, op;
  for (;;) {
    vmfetch();
    vmdispatch(op) {
      vmcase(PUSH) {
        stack[sp++] = code[pc++];
        vmbreak;
      }
      vmcase(ADD) {
        sp--;
        stack[sp - 1] += stack[sp];
        vmbreak;
      }
      vmcase(MUL) {
        sp--;
        stack[sp - 1] *= stack[sp];
        vmbreak;
      }
      vmcase(DUP) {
        stack[sp] = stack[sp - 1];
        sp++;
        vmbreak;
      }
      vmcase(DEC) {
        stack[sp - 1]--;
        vmbreak;
      }
      vmcase(JNZ) {
        int target = code[pc++];
        if (stack[sp - 1] != 0) pc = target;
        vmbreak;
      }
      vmcase(HALT) {
        return stack[sp - 1];
      }
    }
  }
}

/* A label address in a variable, chosen at run time. */
static int parity(int x) {
  void *where = &&even;
  if (x % 2 != 0) where = &&odd;
  goto *where;
even:
  return 10;
odd:
  return 20;
}

/* gcc's relative table: label differences are constants, added back to the base label. */
static int classify(int x) {
  static const int offsets[] = { &&zero - &&zero, &&small - &&zero, &&big - &&zero };
  int k = x == 0 ? 0 : (x < 10 && x > -10 ? 1 : 2);
  goto *(&&zero + offsets[k]);
zero:
  return 1;
small:
  return 2;
big:
  return 3;
}

/* `fallthrough` is a null statement; label attributes change nothing. */
static int fall(int x) {
  int r = 0;
  switch (x) {
  case 1:
    r += 1;
    __attribute__((fallthrough));
  case 2:
    r += 2;
    __attribute__((__fallthrough__));
  case 3:
    r += 4;
    break;
  default:
    r = 0;
  }
unused_label: __attribute__((unused));
  return r;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (sel == 0) {
    /* (a + b) * (a + b) */
    unsigned char code[] = { PUSH, (unsigned char)a, PUSH, (unsigned char)b, ADD, DUP, MUL, HALT };
    return run(code);
  }
  if (sel == 1) {
    /* a, then decrement to zero in a loop: the number of laps is not observable, the result is 0,
       plus b afterwards. */
    unsigned char code[] = { PUSH, (unsigned char)a, DEC, JNZ, 2, PUSH, (unsigned char)b, ADD, HALT };
    return run(code);
  }
  if (sel == 2) return parity(a) + classify(b);
  return fall(a) * 10 + fall(b);
}

//! run: 0,2,3 => exit 25
//! run: 0,0,0 => exit 0
//! run: 0,7,8 => exit 225
//! run: 1,5,9 => exit 9
//! run: 1,1,0 => exit 0
//! run: 1,200,4 => exit 4
//! run: 2,4,0 => exit 11
//! run: 2,3,-5 => exit 22
//! run: 2,-7,42 => exit 23
//! run: 3,1,2 => exit 76
//! run: 3,3,9 => exit 40
//! run: 3,0,1 => exit 7
