/* sendmail crackaddr() (CVE-2002-1337), after Ku et al.: copy an e-mail address into a
   fixed buffer; inside <...> one byte is reserved for the closing '>' by lowering the
   buffer limit, and given back when the '>' is seen. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 32
#define BUFSIZE 16

int main(void) {
  char in[INSIZE];
  char buf[BUFSIZE];
  char *p, *q, *buflim;
  char c;
  int anglelev = 0;
  int i, n;

  for (i = 0; i < INSIZE - 1; i++)
    in[i] = __VERIFIER_nondet_char();
  in[INSIZE - 1] = 0;

  p = in;
  q = buf;
  buflim = buf + BUFSIZE - 1; /* leave room for the terminating 0 */
  while ((c = *p++) != 0) {
    if (c == '<') {
      if (anglelev > 0 || q >= buflim - 1)
        continue;
      *q++ = c;
      anglelev = 1;
      buflim--; /* reserve room for the closing '>' */
      continue;
    }
    if (c == '>') {
      if (anglelev > 0) {
        *q++ = c;
        anglelev = 0;
      }
      buflim++; /* BAD: also for an unmatched '>', raising the limit past buf */
      continue;
    }
    if (q < buflim)
      *q++ = c;
  }
  if (anglelev > 0)
    *q++ = '>';
  *q = 0;

  n = 0;
  for (q = buf; *q != 0; q++)
    n++;
  return n == BUFSIZE;
}
