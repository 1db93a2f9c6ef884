/* Apache mod_include get_tag() (Ku et al. Apache): parse  name = "value"  of a
   server-side include directive: skip white space, copy the lower-cased name, skip
   white space and '=', then copy the value (up to the closing quote, or up to white
   space if unquoted, with backslash escapes) into fixed buffers. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 40
#define TAGSIZE 8
#define VALSIZE 16

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

int main(void) {
  char in[INSIZE];
  char tag[TAGSIZE];
  char val[VALSIZE];
  char *p, *t, *v;
  char term;
  int i;

  for (i = 0; i < INSIZE - 1; i++)
    in[i] = __VERIFIER_nondet_char();
  in[INSIZE - 1] = 0;

  p = in;
  while (is_space(*p))
    p++;
  t = tag;
  while (*p != 0 && *p != '=' && !is_space(*p)) {
    if (t < tag + TAGSIZE - 1)
      *t++ = (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
    p++;
  }
  *t = 0;
  while (is_space(*p))
    p++;
  if (*p != '=')
    return 0;
  p++;
  while (is_space(*p))
    p++;
  term = ' ';
  if (*p == '"' || *p == '\'')
    term = *p++;
  v = val;
  while (*p != term) { /* BAD: an unterminated value runs past the end of in */
    if (*p == '\\' && p[1] != 0) /* a backslash at the very end stays literal */
      p++;
    if (v < val + VALSIZE - 1)
      *v++ = *p;
    p++;
  }
  *v = 0;

  return tag[0] == 'x' && val[0] == 'x';
}
