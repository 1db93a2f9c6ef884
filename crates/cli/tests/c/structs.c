/* Structs: fields of mixed sizes (with padding), nested structs, arrays inside structs, arrays of
   structs, struct assignment (a copy, not an alias), structs passed by value (the callee's changes
   do not reach the caller) and returned by value (also chained: f(g()).x), pointers to structs
   and `->` chains, self-referential structs (a linked list on the stack), anonymous struct
   members, and struct fields initialized from nondeterministic values. */
extern int __VERIFIER_nondet_int(void);

struct point { int x; int y; };
struct rect { struct point lo, hi; char tag; };
struct mixed { char c; long l; short s; int arr[3]; };
struct node { int value; struct node *next; };
struct with_anon { int k; struct { int u, v; }; };

static int area(struct rect r) {
  r.tag = 'z';                      /* a copy: the caller's is unchanged */
  return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y);
}

static struct point mid(struct rect r) {
  struct point p;
  p.x = (r.lo.x + r.hi.x) / 2;
  p.y = (r.lo.y + r.hi.y) / 2;
  return p;
}

static struct rect make(int a, int b) {
  struct rect r = { { 0, 0 }, { a, b }, 'r' };
  return r;
}

static void grow(struct rect *r, int d) {
  r->hi.x += d;
  (*r).hi.y += d;
  r->lo = r->hi;                    /* struct assignment through pointers */
}

static int sum_list(const struct node *n) {
  int s = 0;
  for (; n; n = n->next) s += n->value;
  return s;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (sel == 0) {
    struct rect r = make(a, b);
    int ar = area(r);
    struct point m = mid(make(a * 2, b * 2));
    int mx = mid(r).x + make(1, 2).hi.y;      /* members of returned structs */
    return ar + m.x + m.y + mx + (r.tag == 'r');
  }
  if (sel == 1) {
    struct rect r1 = make(a, b);
    struct rect r2 = r1;            /* copy */
    r2.hi.x = 100;
    grow(&r1, 3);
    return r1.lo.x + r1.hi.y + r2.hi.x + r2.hi.y;
  }
  if (sel == 2) {
    struct mixed m = { 'a', 1L << 40, -2, { 7, 8, 9 } };
    int r = sizeof(struct mixed) == 32;
    r += (int)((char *)&m.l - (char *)&m) == 8;
    r += (int)((char *)&m.arr[0] - (char *)&m) == 20;
    m.arr[a & 1] += m.s;
    return r * 10 + m.arr[0] + m.arr[1] + (int)(m.l >> 40) + m.c;   /* 30 + 13 + 1 + 97 */
  }
  if (sel == 3) {
    struct point pts[4];
    for (int i = 0; i < 4; i++) { pts[i].x = i * a; pts[i].y = i + b; }
    struct point *p = &pts[1];
    p[1].x += 5;
    (p + 2)->y = 50;
    struct rect rs[2] = { { { 1, 2 }, { 3, 4 }, 'a' }, { { 5, 6 }, { 7, 8 }, 'b' } };
    rs[1].lo = pts[2];
    return pts[2].x + pts[3].y + rs[1].lo.x + rs[0].hi.y + rs[1].tag;
  }
  if (sel == 4) {
    struct node n3 = { a, 0 };
    struct node n2 = { b, &n3 };
    struct node n1 = { 1, &n2 };
    n1.next->next->value += 10;
    struct with_anon w = { 1, { 2, 3 } };
    w.v += w.u;
    return sum_list(&n1) + w.k + w.v + (n1.next->next->next == 0);
  }
  return 0;
}
//! run: 0,4,6 => exit 39
//! run: 0,10,2 => exit 40
//! run: 1,5,7 => exit 125
//! run: 2,0 => exit 141
//! run: 2,1 => exit 141
//! run: 3,3,4 => exit 174
//! run: 4,5,6 => exit 29
