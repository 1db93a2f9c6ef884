/* sendmail prescan() (CVE-2003-0694), after Ku et al.: split an address into tokens
   (words and single-character delimiters), copying them into a shared buffer and
   recording their start offsets in a fixed table. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 40
#define PSIZE 24
#define MAXTOK 6

static int is_delim(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == ',' || c == ';' ||
         c == ':' || c == '@';
}

int main(void) {
  char in[INSIZE];
  char pvpbuf[PSIZE];
  int toks[MAXTOK];
  char *p, *q;
  int ntok = 0, nangle = 0, i;

  for (i = 0; i < INSIZE - 1; i++)
    in[i] = __VERIFIER_nondet_char();
  in[INSIZE - 1] = 0;

  p = in;
  q = pvpbuf;
  for (;;) {
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p == 0)
      break;
    if (ntok > MAXTOK) /* BAD: off by one, writes toks[MAXTOK] */
      break;
    if (q >= pvpbuf + PSIZE - 1) /* no room for one more character and its 0 */
      break;
    toks[ntok++] = (int)(q - pvpbuf);
    if (is_delim(*p)) {
      *q++ = *p++;
    } else {
      while (*p != 0 && *p != ' ' && *p != '\t' && !is_delim(*p) &&
             q < pvpbuf + PSIZE - 1)
        *q++ = *p++;
    }
    *q++ = 0;
  }

  for (i = 0; i < ntok; i++)
    if (pvpbuf[toks[i]] == '<')
      nangle++;
  return nangle > 1;
}
