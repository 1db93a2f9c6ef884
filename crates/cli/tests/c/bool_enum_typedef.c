/* _Bool (conversion to _Bool is `v != 0`, also for wide and negative values and pointers),
   __VERIFIER_nondet_bool, enums with implicit and explicit (negative, repeated) values, enums in
   arithmetic, comparisons and as array indices, enum-typed variables and parameters, and typedefs
   of scalars, enums, structs, pointers and arrays. */
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern long __VERIFIER_nondet_long(void);

typedef int myint;
typedef myint *myint_ptr;
typedef unsigned char byte;
typedef byte triple[3];
enum color { RED, GREEN = 5, BLUE, BLACK = -2, WHITE, GREY = GREEN };
typedef enum color color_t;
typedef struct { color_t c; myint n; } tagged;
enum { ANON_A = 10, ANON_B = ANON_A * 2 + 1 };
#define BLOCK 16
/* Enumerators from constant conditionals and comparisons (as TACLeBench's aes.h writes them). */
enum shifts { SHR2 = BLOCK == 32 ? 3 : 2, SHR3 = BLOCK != 32 ? 3 : 4, NEG = 1 ? -1 : 2u, WIDE = (BLOCK > 8) + 7 };

static int weight(color_t c) {
  switch (c) {
    case RED: return 1;
    case GREEN: return 2;
    case BLUE: return 3;
    case BLACK: return 4;
    case WHITE: return 5;
  }
  return 0;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    _Bool b1 = __VERIFIER_nondet_long();   /* long -> _Bool: != 0 */
    _Bool b2 = 256;                        /* not truncation: 1 */
    _Bool b3 = -1;
    _Bool b4 = 0;
    int x = 5;
    _Bool bp = &x;                         /* non-null pointer */
    _Bool bn = (int *)0;
    b4 += 3;                               /* 1 */
    _Bool b5 = b4 + b4;                    /* 2 -> 1 */
    return b1 * 32 + b2 * 16 + b3 * 8 + b4 * 4 + bp * 2 + bn + b5 * 64 + sizeof(_Bool);
  }
  if (sel == 1) {
    _Bool nb = __VERIFIER_nondet_bool();
    _Bool nb2 = __VERIFIER_nondet_bool();
    return nb + 2 * nb2 + 4 * !nb;
  }
  if (sel == 2) {
    color_t c = __VERIFIER_nondet_int();
    int table[7] = {0};
    table[BLUE] = 9;
    int r = weight(c) * 10;
    if (c < RED) r += 1;                  /* BLACK/WHITE are negative: enum is int here */
    if (c == GREY) r += 2;
    if (c >= GREEN && c <= BLUE) r += table[c];
    return r;
  }
  if (sel == 3) {
    enum color c = BLUE;
    c++;                                  /* 7: no enumerator, still fine */
    int s = RED + GREEN + BLUE + BLACK + WHITE + GREY;   /* 0+5+6-2-1+5 = 13 */
    tagged t = { WHITE, ANON_B };
    triple tr = { 1, 2, 3 };
    myint v = 4;
    myint_ptr p = &v;
    *p += sizeof(triple) + sizeof(tagged);   /* 4 + 3 + 8 */
    return s + c + t.c + t.n + tr[2] + v;    /* 13 + 7 - 1 + 21 + 3 + 15 */
  }
  if (sel == 4) {
    return SHR2 * 64 + SHR3 * 16 + (NEG > 0) * 8 + WIDE - 7;   /* 128 + 48 + 8 + 1 */
  }
  return 0;
}
//! run: 0,7 => exit 127
//! run: 0,0 => exit 95
//! run: 0,-4294967296 => exit 127
//! run: 1,2,0 => exit 1
//! run: 1,0,-5 => exit 6
//! run: 2,6 => exit 39
//! run: 2,5 => exit 22
//! run: 2,-2 => exit 41
//! run: 2,-1 => exit 51
//! run: 2,0 => exit 10
//! run: 2,100 => exit 0
//! run: 3 => exit 58
//! run: 4 => exit 185
