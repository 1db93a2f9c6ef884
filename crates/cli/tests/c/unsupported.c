/* Constructs the interpreter does not run end the run as `unsupported` when execution reaches
   them, and only then (other paths exit normally): x87 `long double` arithmetic, a member of a
   struct with bit-fields (the whole struct is opaque, so even its plain fields; declaring such a
   variable is fine), and inline assembly. `float` and `double` run (a conversion, a float
   comparison deciding a branch, a compound assignment of an int through a double). */
extern int __VERIFIER_nondet_int(void);

struct flags { unsigned ready : 1; unsigned mode : 3; int plain; };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  struct flags f;
  if (sel == 0) {
    double d = x * 0.5;
    int half = (int)d;                       /* float -> int */
    return half;
  }
  if (sel == 1) {
    float fl = x;
    if (fl > 2.5f) return 1;                 /* a float comparison decides a branch */
    return 2;
  }
  if (sel == 2) {
    double scale = 1.25;
    int y = x;
    y *= scale;                              /* compound assignment through a double */
    return y;
  }
  if (sel == 3) {
    f.mode = 5;                              /* bit-field write */
    return f.mode;
  }
  if (sel == 4) {
    f.plain = 4;                             /* a plain field of that struct */
    return f.plain;
  }
  if (sel == 7) {
    long double ld = x;
    ld *= 2;                                 /* long double arithmetic */
    return (int)ld;
  }
  if (sel == 5) {
    int v = 3;
    __asm__ volatile("" : "+r"(v));          /* inline assembly */
    return v;
  }
  return x + sel + (int)sizeof f;            /* integers only */
}
//! run: 0,7 => exit 3
//! run: 1,7 => exit 1
//! run: 1,2 => exit 2
//! run: 2,8 => exit 10
//! run: 7,4 => unsupported
//! run: 3 => unsupported
//! run: 4 => unsupported
//! run: 5 => unsupported
//! run: 6,8 => exit 22
//! run: 9,-9 => exit 8
