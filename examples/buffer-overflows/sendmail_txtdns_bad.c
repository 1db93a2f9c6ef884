/* sendmail DNS TXT record lookup (CVE-2002-0906), after Ku et al.: concatenate the
   length-prefixed character strings of a TXT record's RDATA into a heap buffer. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
void *malloc(unsigned long);
void free(void *);

#define ANSSIZE 32
#define TXTSIZE 20

int main(void) {
  unsigned char ans[ANSSIZE];
  char *txt;
  int rdlen, pos, used, l, k, i, nspace;

  for (i = 0; i < ANSSIZE; i++)
    ans[i] = (unsigned char)__VERIFIER_nondet_char();
  rdlen = __VERIFIER_nondet_int(); /* RDLENGTH of the answer record */
  if (rdlen < 0 || rdlen > ANSSIZE)
    rdlen = ANSSIZE;

  txt = malloc(TXTSIZE);
  used = 0;
  pos = 0;
  while (pos < rdlen) {
    l = ans[pos++]; /* length of the next character-string */
    if (l > rdlen - pos)
      l = rdlen - pos;
    if (l > TXTSIZE - used) /* BAD: no byte kept for the 0 */
      l = TXTSIZE - used;
    for (k = 0; k < l; k++)
      txt[used++] = (char)ans[pos++];
    if (used >= TXTSIZE - 1)
      break;
  }
  txt[used] = 0;

  nspace = 0;
  for (i = 0; txt[i] != 0; i++)
    if (txt[i] == ' ')
      nspace++;
  free(txt);
  return nspace > 3;
}
