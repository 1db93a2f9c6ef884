/* Volatile objects: every read of one (a volatile variable, a member of a volatile struct or a
   volatile member, an element of a volatile array, a read through a pointer to volatile, a cast
   to one, a parameter) is a load followed by an arbitrary value (`havoc volatile`). Compiled code
   reads what was stored, and so does the interpreter under --uninit zero (the default, used
   here); writes are plain stores. Volatile locals live in memory even when their address is
   never taken. */
extern int __VERIFIER_nondet_int(void);

volatile int counter = 3;
struct regs { int plain; volatile int status; };

static int twice(volatile int x) { return x + x; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  volatile int v = 5;
  if (sel == 0) {
    v = v + 1;                               /* read, then a plain store */
    v++;
    v *= 2;
    return v;                                /* 14 */
  }
  if (sel == 1) {
    int x = 7;
    int *p = &x;
    int a = *(volatile int *)p;              /* a volatile read through a cast */
    volatile int *q = &x;
    *q = a + 1;                              /* a plain store through it */
    return *q + x;                           /* 16 */
  }
  if (sel == 2) {
    struct regs r = { 1, 2 };
    volatile struct regs w = { 10, 20 };
    r.status += 5;                           /* a volatile member */
    return r.plain + r.status + w.plain + w.status;   /* 38 */
  }
  if (sel == 3) {
    volatile int a[3] = { 1, 2, 3 };
    volatile int m[2][2] = { { 4, 5 }, { 6, 7 } };
    int s = 0;
    for (int i = 0; i < 3; i++) s += a[i];
    return s * 10 + m[1][0];                 /* 66 */
  }
  if (sel == 4) {
    counter += 4;
    return counter + twice(v);               /* 7 + 10 */
  }
  int *volatile vp = 0;                      /* a volatile pointer */
  int target = 9;
  vp = &target;
  return *vp;                                /* 9 */
}
//! run: 0 => exit 14
//! run: 1 => exit 16
//! run: 2 => exit 38
//! run: 3 => exit 66
//! run: 4 => exit 17
//! run: 5 => exit 9
