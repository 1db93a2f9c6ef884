//! verify --property memsafety: TRUE
// A walk to the terminator of a buffer filled with input and terminated at its last byte:
// the known terminator (`\last_zero(in)`) keeps the walk inside the buffer.
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char in[32];
  char *p;
  int i;
  for (i = 0; i < 31; i++)
    in[i] = __VERIFIER_nondet_char();
  in[31] = 0;
  p = in;
  while (*p != 0 && *p != ':')
    p++;
  if (*p == ':' && p[1] != 0)
    p += 2;
  while (*p != 0)
    p++;
  return (int)(p - in);
}
