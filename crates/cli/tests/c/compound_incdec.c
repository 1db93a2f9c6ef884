/* Compound assignment with every operator (+= -= *= /= %= <<= >>= &= |= ^=) on variables, array
   elements, struct fields and through pointers, including the implicit narrowing of the result
   (char c += 200), unsigned wrap, a right side with side effects (evaluated first, as gcc), and
   the value of a compound assignment used as an expression. Pre/post ++ and -- on variables,
   array elements, struct fields, pointers and through pointers (*p++, (*p)++, ++*p), their
   values, and signed overflow through ++ (ub). */
extern int __VERIFIER_nondet_int(void);

struct pair { int a; unsigned char b; };

static int counter;
static int bump(void) { counter += 1; return counter; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {
    int v = x;
    v += 3; v -= 1; v *= 5; v /= 2; v %= 1000; v <<= 2; v >>= 1; v &= 0xFFF; v |= 0x1000; v ^= 0x1001;
    return v % 256;
  }
  if (sel == 1) {
    int arr[4] = { 1, 2, 3, 4 };
    struct pair p = { 10, 250 };
    struct pair *pp = &p;
    int *q = &arr[1];
    arr[x & 3] += 7;
    arr[2] *= arr[3];
    p.a -= arr[0];
    p.b += 10;                 /* 260 -> 4 */
    pp->a <<= 1;
    pp->b |= 0x80;             /* 132 */
    *q ^= 0xFF;
    q[1] %= 5;
    int r = arr[0] + arr[1] + arr[2] + arr[3] + p.a + p.b;
    return r % 256;
  }
  if (sel == 2) {
    char c = 100;
    c += 200;                  /* 300 -> 44 */
    unsigned u = 5;
    u -= 10;                   /* wraps */
    short s = 1000;
    s *= 100;                  /* 100000 -> -31072 */
    unsigned char uc = 7;
    uc <<= 6;                  /* 448 -> 192 */
    uc >>= 1;                  /* 96 */
    return c + (u == 4294967291u) + (s == -31072) * 2 + uc;    /* 44 + 1 + 2 + 96 */
  }
  if (sel == 3) {
    int arr[3] = { 5, 6, 7 };
    int i = 0;
    arr[i] += bump();          /* right side first: bump() = 1 */
    i += bump() + bump();      /* 2 + 3 */
    int k = 0;
    k = (k += 4) * 2;          /* value of a compound assignment */
    int y = 3;
    int z = (y *= 2) + 1;      /* 7, y = 6 */
    return arr[0] * 10 + i * 5 + k + z + y;  /* 60 + 25 + 8 + 7 + 6 */
  }
  if (sel == 4) {
    int i = 5;
    int a = i++;               /* a = 5, i = 6 */
    int b = ++i;               /* b = 7, i = 7 */
    int c = i--;               /* c = 7, i = 6 */
    int d = --i;               /* d = 5, i = 5 */
    int arr[3] = { 10, 20, 30 };
    arr[1]++;
    ++arr[2];
    int e = arr[0]--;          /* 10, arr[0] = 9 */
    struct pair p = { 1, 255 };
    p.a++;
    p.b++;                     /* wraps to 0 */
    --p.a;
    int *q = arr;
    int f = *q++;              /* 9, q -> arr[1] */
    int g = (*q)++;            /* 21, arr[1] = 22 */
    int h = ++*q;              /* 23 */
    q--;
    int m = *++q;              /* 23 */
    return a + b + c + d + i + e + p.a + p.b + f + g + h + m + arr[2];
    /* 5+7+7+5+5+10+1+0+9+21+23+23+31 = 147 */
  }
  if (sel == 5) {
    int v = x;
    v++;                       /* ub at INT_MAX */
    int w = x;
    --w;                       /* ub at INT_MIN */
    unsigned u = x;
    u++;
    return (v - w) + (int)(u & 1);
  }
  return 0;
}
//! run: 0,10 => exit 61
//! run: 0,0 => exit 11
//! run: 1,0 => exit 147
//! run: 1,3 => exit 162
//! run: 2 => exit 143
//! run: 3 => exit 106
//! run: 4 => exit 147
//! run: 5,7 => exit 2
//! run: 5,2147483647 => ub
//! run: 5,-2147483648 => ub
//! run: 5,-1 => exit 2
