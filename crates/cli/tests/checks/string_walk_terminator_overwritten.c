//! verify --property memsafety: FALSE(valid-deref) @14
// The terminator is written, then overwritten with a non-zero byte: the walk may run past
// the buffer (no known terminator is left).
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[16];
  char *p;
  int i;
  for (i = 0; i < 15; i++)
    in[i] = __VERIFIER_nondet_char();
  in[15] = 0;
  in[15] = 'x';
  p = in;
  while (*p != 0)
    p++;
  return 0;
}
