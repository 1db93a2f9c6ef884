/* Samba call_trans2open() (CVE-2003-0201), after Ku et al.: copy the file name from the
   request parameters (on the heap) into a fixed stack buffer with a memcpy-like loop;
   the length is derived from the parameter count claimed by the client. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
void *malloc(unsigned long);
void free(void *);

#define PARAMSIZE 32
#define NAMEOFF 4
#define FNAMESIZE 12

static void r_memcpy(char *dst, const char *src, int n) {
  int i;
  for (i = 0; i < n; i++)
    dst[i] = src[i];
}

int main(void) {
  char fname[FNAMESIZE];
  char *params;
  int total, namelen, i, nslash = 0;

  params = malloc(PARAMSIZE);
  for (i = 0; i < PARAMSIZE; i++)
    params[i] = __VERIFIER_nondet_char();
  total = __VERIFIER_nondet_int(); /* total_params claimed by the client */
  if (total < NAMEOFF || total > PARAMSIZE) {
    free(params);
    return 0;
  }
  namelen = total - NAMEOFF;
  if (namelen > FNAMESIZE - 1) /* OK: bounded by the destination */
    namelen = FNAMESIZE - 1;
  r_memcpy(fname, params + NAMEOFF, namelen);
  fname[namelen] = 0;

  for (i = 0; fname[i] != 0; i++)
    if (fname[i] == '/')
      nslash++;
  free(params);
  return nslash > 2;
}
