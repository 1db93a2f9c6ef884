//! verify --property memsafety: FALSE(valid-deref) @23
// As offsets_table_indexes_a_buffer.c, but each offset recorded one past the pointer: the
// last one can be the buffer's size.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[24];
  int toks[6];
  int ntok = 0, n = 0, i;
  char *q = buf + 18;
  for (int j = 0; j < 18; j++)
    buf[j] = 'b';
  for (;;) {
    if (__VERIFIER_nondet_int())
      break;
    if (ntok >= 6)
      break;
    if (q >= buf + 24)
      break;
    toks[ntok++] = (int)(q - buf) + 1;
    *q++ = 'a';
  }
  for (i = 0; i < ntok; i++)
    if (buf[toks[i]] == '<')
      n++;
  return n;
}
