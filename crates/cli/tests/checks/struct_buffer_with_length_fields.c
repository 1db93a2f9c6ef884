//! verify --property memsafety: TRUE
/* A growable-buffer struct as server code has: a data pointer, a length and a capacity, all
   fields of one local, written through a pointer to it. Each field is a cell only stores of
   its type write, so the analyses keep it in a register of its own (\value(b.len)) where
   memory is forgotten, and the append's bound check relates the length read to the one used. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
struct buf {
  char *data;
  int len;
  int cap;
};
static void put(struct buf *b, char c) {
  if (b->len < b->cap)
    b->data[b->len++] = c;
}
int main(void) {
  char store[16];
  struct buf b;
  b.data = store;
  b.len = 0;
  b.cap = 16;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n && i < 100; i++)
    put(&b, __VERIFIER_nondet_char());
  return b.len;
}
