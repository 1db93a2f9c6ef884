/* Undefined behaviour in memory accesses, each only for some inputs: out-of-bounds writes and reads
   of local and global arrays (index = length, index -1, far away), of a 2-D array row past its
   end, null pointer dereference (read, write, and `->` on a null struct pointer), and a dangling
   pointer to a local of a function that has returned. In-bounds accesses right at the edges are
   fine. */
extern int __VERIFIER_nondet_int(void);

int global_arr[5] = { 1, 2, 3, 4, 5 };
struct pt { int x, y; };

static int *dangling(int v) {
  int local = v;
  int *p = &local;
  return p;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (sel == 0) {
    int a[4] = { 0 };
    a[i] = 9;                                  /* write */
    return a[0] + a[3];
  }
  if (sel == 1) {
    int a[4] = { 10, 20, 30, 40 };
    return a[i];                               /* read */
  }
  if (sel == 2) {
    global_arr[i] += 1;
    return global_arr[i];
  }
  if (sel == 3) {
    int m[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
    return m[1][i];                            /* past the last row's end when i >= 3 */
  }
  if (sel == 4) {
    int v = 5;
    int *p = i ? &v : 0;
    *p = 7;                                    /* null write when i == 0 */
    return v;
  }
  if (sel == 5) {
    struct pt s = { 3, 4 };
    struct pt *p = i > 0 ? &s : 0;
    return p->y;                               /* null `->` when i <= 0 */
  }
  if (sel == 6) {
    int *p = dangling(i);
    return *p;                                 /* the local is gone */
  }
  return 0;
}
//! run: 0,0 => exit 9
//! run: 0,3 => exit 9
//! run: 0,4 => ub
//! run: 0,-1 => ub
//! run: 1,3 => exit 40
//! run: 1,4 => ub
//! run: 1,1000000 => ub
//! run: 1,-1 => ub
//! run: 2,4 => exit 6
//! run: 2,5 => ub
//! run: 2,-1 => ub
//! run: 3,2 => exit 6
//! run: 3,3 => ub
//! run: 4,1 => exit 7
//! run: 4,0 => ub
//! run: 5,1 => exit 4
//! run: 5,0 => ub
//! run: 6,3 => ub
