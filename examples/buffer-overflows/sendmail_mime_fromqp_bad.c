/* sendmail mime_fromqp() (mime7to8, Ku et al. style): decode a quoted-printable line
   into a fixed buffer: "=XX" is a hex-encoded byte, "=\n" a soft line break, and a
   malformed "=x" is passed through unchanged. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 40
#define OUTSIZE 16

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

int main(void) {
  char in[INSIZE];
  char out[OUTSIZE];
  char *p, *q;
  int i, n;

  for (i = 0; i < INSIZE - 1; i++)
    in[i] = __VERIFIER_nondet_char();
  in[INSIZE - 1] = 0;

  p = in;
  q = out;
  while (*p != 0 && q < out + OUTSIZE - 1) {
    if (*p != '=') {
      *q++ = *p++;
      continue;
    }
    if (p[1] == '\n') { /* soft line break */
      p += 2;
      continue;
    }
    if (p[1] != 0 && hexval(p[1]) >= 0 && hexval(p[2]) >= 0) {
      *q++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
      p += 3;
      continue;
    }
    /* malformed escape: pass "=x" through unchanged */
    if (p[1] == 0) { /* BAD: the loop test only left room for one byte */
      *q++ = *p++;
      continue;
    }
    *q++ = *p++;
    *q++ = *p++;
  }
  *q = 0;

  n = 0;
  for (q = out; *q != 0; q++)
    n++;
  return n == OUTSIZE;
}
