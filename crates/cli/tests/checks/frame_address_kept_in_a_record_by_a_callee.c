//! verify --property memsafety: FALSE(valid-deref)
/* A callee stores its second argument into the record its first points to. Given a global
   record and the address of a local array, the record outlives the caller's frame and main
   reads through the dangling pointer. */
struct holder {
  int len;
  char *data;
};
static struct holder kept;
static void keep(struct holder *h, char *p) {
  h->len = 4;
  h->data = p;
}
static void remember(void) {
  char buf[4];
  buf[0] = 1;
  keep(&kept, buf);
}
int main(void) {
  remember();
  return kept.data[0];
}
