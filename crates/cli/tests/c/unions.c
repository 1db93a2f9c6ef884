/* Unions: writing one member and reading another reads the same bytes (little-endian: the low
   byte of an int is its first byte), a union of an int and a byte array, of a long long and two
   ints, of a struct and an array, unions nested in structs, union size (its largest member) and
   union assignment (copying all bytes). Also reading an object's bytes through an unsigned char
   pointer. */
extern int __VERIFIER_nondet_int(void);

union word { unsigned int u; int i; unsigned char b[4]; unsigned short h[2]; };
union wide { long long ll; struct { unsigned lo, hi; } parts; };
struct tagged { int kind; union { int n; char c[4]; } as; };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    union word w;
    w.i = x;
    return w.b[0] + w.b[3] * 2 + (w.u == (unsigned)x) + (w.h[0] == (x & 0xFFFF)) * 4;
  }
  if (sel == 1) {
    union word w;
    w.u = 0;
    w.b[1] = (unsigned char)x;     /* second byte: bits 8..15 */
    w.b[2] = 1;
    return (int)(w.u >> 8) % 256 + (int)(w.u >> 16);
  }
  if (sel == 2) {
    union wide v;
    v.ll = (long long)x * 4294967296LL + 5;
    return (int)v.parts.lo + (int)v.parts.hi + sizeof(union wide) + sizeof(union word);
  }
  if (sel == 3) {
    struct tagged t = { 1, { 0 } };
    t.as.n = 0x41424344;
    struct tagged copy;
    copy = t;                       /* the union's bytes come along */
    copy.as.c[0] = 'z';
    return copy.as.c[0] - t.as.c[0] + copy.as.c[3] + (copy.as.n & 0xFF00) / 256;
  }
  if (sel == 4) {
    long v = 0x0102030405060708L;
    unsigned char *p = (unsigned char *)&v;
    int r = 0;
    for (int i = 0; i < 8; i++) r = r * 2 + p[i];
    short s = -2;
    unsigned char *q = (unsigned char *)&s;
    return r % 256 + q[0] + q[1];
  }
  return 0;
}
//! run: 0,258 => exit 7
//! run: 0,-1 => exit 770
//! run: 0,65536 => exit 5
//! run: 1,7 => exit 8
//! run: 1,200 => exit 201
//! run: 2,3 => exit 20
//! run: 2,-1 => exit 16
//! run: 3 => exit 186
//! run: 4 => exit 510
