/* BIND 4.9/8 inverse query, dn_expand() (CA-1998-05), after Ku et al.: expand the
   length-prefixed labels of a domain name in a packet into a fixed dotted-name buffer
   with a pointer walk. */
extern char __VERIFIER_nondet_char(void);

#define MSGSIZE 32
#define NAMESIZE 10

int main(void) {
  unsigned char msg[MSGSIZE];
  char dname[NAMESIZE];
  const unsigned char *cp, *eom;
  char *dp;
  int len, i, ndots;

  for (i = 0; i < MSGSIZE; i++)
    msg[i] = (unsigned char)__VERIFIER_nondet_char();

  cp = msg;
  eom = msg + MSGSIZE;
  dp = dname;
  while (cp < eom) {
    len = *cp++;
    if (len == 0)
      break;
    if (len > 63 || len > eom - cp) /* compression pointer or truncated packet */
      break;
    if (dp != dname) {
      if (dp >= dname + NAMESIZE - 1)
        break;
      *dp++ = '.';
    }
    if (len >= dname + NAMESIZE - dp) /* OK: keep room for the terminating 0 */
      break;
    while (len-- > 0)
      *dp++ = (char)*cp++;
  }
  *dp = 0;

  ndots = 0;
  for (dp = dname; *dp != 0; dp++)
    if (*dp == '.')
      ndots++;
  return ndots > 2;
}
