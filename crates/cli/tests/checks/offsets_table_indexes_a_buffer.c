//! verify --property memsafety: TRUE
// A table of offsets into a buffer, each the distance of a pointer from the buffer's start
// (`toks[ntok++] = q - buf`), read back as indices: the proof needs the table's contents
// (`0 <= toks[k] && toks[k] + 1 <= 24` for every `k < ntok`) and the stored difference
// related to the pointer's offset.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[24];
  int toks[6];
  int ntok = 0, n = 0, i;
  char *q = buf;
  for (;;) {
    if (__VERIFIER_nondet_int())
      break;
    if (ntok >= 6)
      break;
    if (q >= buf + 23)
      break;
    toks[ntok++] = (int)(q - buf);
    *q++ = 'a';
  }
  for (i = 0; i < ntok; i++)
    if (buf[toks[i]] == '<')
      n++;
  return n;
}
