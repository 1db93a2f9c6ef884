//! verify --property memsafety: TRUE
/* Pointers stored in a struct's fields (a buffer's start and end) and loaded back through a
   pointer to the struct: the fields are cells only stores of a pointer write, so the loaded
   pointers are followed and the walk from text to end stays in buf. */
extern int __VERIFIER_nondet_int(void);
struct msg {
  char *text;
  char *end;
  int flags;
};
static void fill(struct msg *m, char c) {
  for (char *p = m->text; p < m->end; p++)
    *p = c;
}
int main(void) {
  char buf[16];
  struct msg m;
  m.text = buf;
  m.end = buf + 16;
  m.flags = __VERIFIER_nondet_int();
  fill(&m, (char)(m.flags & 7));
  return buf[15];
}
