//! verify --property memsafety: TRUE
/* Fields of different types written and read through a pointer parameter, in a loop: each
   access is at a constant offset of the struct the parameter points to (the pointer's ghosts,
   proven by octagons on the program with memory forgotten, where the struct's mixed types do
   not matter). */
extern int __VERIFIER_nondet_int(void);
struct point {
  int x;
  char tag;
  long y;
};
static void set(struct point *p, int v) {
  p->x = v;
  p->tag = (char)(v & 1);
  p->y = (long)p->x * 2;
}
int main(void) {
  struct point pt;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n && i < 100; i++)
    set(&pt, i);
  return n > 0 ? pt.tag : 0;
}
