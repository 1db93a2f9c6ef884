/* BIND 8 rrextract() NXT record (CVE-1999-0833), after Ku et al.: expand an NXT record
   (next domain name, then a type bitmap) from a heap copy of the RDATA into a fixed
   stack buffer; the RDATA length comes from the packet. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
void *malloc(unsigned long);
void free(void *);

#define DATASIZE 24
#define NAMEMAX 16
#define MAXRDLEN 48

int main(void) {
  char data[DATASIZE];
  char *msg;
  int dlen, i, n, k, bits = 0;

  dlen = __VERIFIER_nondet_int(); /* RDLENGTH from the packet */
  if (dlen <= 0 || dlen > MAXRDLEN)
    return 0;
  msg = malloc((unsigned long)dlen);
  for (i = 0; i < dlen; i++)
    msg[i] = __VERIFIER_nondet_char();

  /* the next domain name: the bytes up to a 0 */
  i = 0;
  while (i < dlen && i < NAMEMAX && msg[i] != 0) {
    data[i] = msg[i];
    i++;
  }
  if (i < dlen && i < NAMEMAX) {
    data[i] = 0;
    i++;
    n = dlen - i; /* length of the type bitmap */
    if (n <= DATASIZE - i) { /* OK: the name already uses i bytes of data */
      for (k = 0; k < n; k++)
        data[i + k] = msg[i + k];
      for (k = 0; k < n; k++)
        if (data[i + k] != 0)
          bits++;
    }
  }
  free(msg);
  return bits > 8;
}
