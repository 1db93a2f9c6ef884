/* A program made of three files (main.c, util.c, data.c): functions defined in one file and called
   from another (also called before any declaration in the caller: implicit int), a global defined
   in one file and declared `extern` in the others (changes visible everywhere), an extern array
   of unknown size and an extern struct, `static` functions and `static` globals with the same
   name in two files that stay distinct, and a static local in another file's function. */
extern int __VERIFIER_nondet_int(void);

struct settings { int factor; int offset; };
extern struct settings config;               /* defined in data.c */
extern int shared_counter;                   /* defined in util.c */
extern const char banner[];                  /* defined in data.c, size unknown here */
int add(int a, int b);                       /* util.c */
int util_scale(int v);                       /* util.c: uses util.c's own static scale */
int util_hidden(void);

static int scale(int v) { return v * 2; }    /* util.c has a different static scale */
static int hidden = 1;                       /* util.c has a different static hidden */

int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = add(x, config.offset);             /* x + 5, counts a call */
  r += scale(x) + util_scale(x);             /* 2x + 3x */
  hidden += 10;
  r += hidden + util_hidden();               /* 11 + 100 */
  r += banner[0] + banner[4];                /* 'm' + 'i' */
  bump_twice();                              /* data.c, not declared here */
  r += shared_counter * 1000;
  r += next_ticket() + next_ticket();        /* util.c, static local: 1 + 2 */
  return r - 3300;
}
//! run: 0 => exit 33
//! run: 1 => exit 39
//! run: 10 => exit 93
//! run: -5 => exit 3
