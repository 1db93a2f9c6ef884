/* Apache mod_rewrite escape_absolute_uri() for ldap:// URLs (CVE-2006-3747), after
   Ku et al.: split the URL at '?' into at most NTOK tokens (start offsets kept in a
   fixed table), then escape each token into an output buffer. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 40
#define NTOK 5
#define OUTSIZE 64

int main(void) {
  static const char hex[] = "0123456789ABCDEF";
  char uri[INSIZE];
  int token[NTOK];
  char out[OUTSIZE];
  char ch;
  int c, i, k, n;

  for (i = 0; i < INSIZE - 1; i++)
    uri[i] = __VERIFIER_nondet_char();
  uri[INSIZE - 1] = 0;

  c = 0;
  token[0] = 0;
  for (i = 0; uri[i] != 0 && c < NTOK - 1; i++) { /* OK: token[++c] stays in the table */
    if (uri[i] == '?') {
      token[++c] = i + 1;
      uri[i] = 0;
    }
  }

  n = 0;
  for (k = 0; k <= c; k++) {
    for (i = token[k]; uri[i] != 0; i++) {
      ch = uri[i];
      if (ch == ' ' || ch == '%' || ch == '"' || ch == '<' || ch == '>') {
        if (n > OUTSIZE - 4) /* "%XX" and the 0 */
          break;
        out[n++] = '%';
        out[n++] = hex[(unsigned char)ch >> 4];
        out[n++] = hex[ch & 15];
      } else {
        if (n > OUTSIZE - 2)
          break;
        out[n++] = ch;
      }
    }
    if (k < c && n < OUTSIZE - 1)
      out[n++] = '?';
  }
  out[n] = 0;

  return out[0] == '%';
}
