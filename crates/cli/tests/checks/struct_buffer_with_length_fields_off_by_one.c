//! verify --property memsafety: FALSE(valid-deref)
/* As struct_buffer_with_length_fields.c, with the bound check <= : the 17th byte is written. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
struct buf {
  char *data;
  int len;
  int cap;
};
static void put(struct buf *b, char c) {
  if (b->len <= b->cap) /* one too many */
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
