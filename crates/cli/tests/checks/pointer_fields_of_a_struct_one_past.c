//! verify --property memsafety: FALSE(valid-deref)
/* As pointer_fields_of_a_struct.c, with the end one byte past the buffer. */
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
  m.end = buf + 17;
  m.flags = __VERIFIER_nondet_int();
  fill(&m, (char)(m.flags & 7));
  return buf[15];
}
