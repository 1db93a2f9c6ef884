/* NetBSD libc glob() brace expansion, globexp2() (Ku et al. NetBSD libc): expand
   "prefix{alt1,alt2,...}suffix" into each "prefix altN suffix" in a fixed pattern
   buffer, after checking that the expansion fits. */
extern char __VERIFIER_nondet_char(void);

#define PATSIZE 24
#define BUFSIZE 16

int main(void) {
  char pattern[PATSIZE];
  char patbuf[BUFSIZE];
  int lb, rb, s, e, i, n, sufflen, count = 0;

  for (i = 0; i < PATSIZE - 1; i++)
    pattern[i] = __VERIFIER_nondet_char();
  pattern[PATSIZE - 1] = 0;

  for (lb = 0; pattern[lb] != 0 && pattern[lb] != '{'; lb++)
    ;
  if (pattern[lb] == 0)
    return 0;
  for (rb = lb + 1; pattern[rb] != 0 && pattern[rb] != '}'; rb++)
    ;
  if (pattern[rb] == 0)
    return 0;
  for (sufflen = 0; pattern[rb + 1 + sufflen] != 0; sufflen++)
    ;

  s = lb + 1;
  while (s <= rb) {
    for (e = s; e < rb && pattern[e] != ','; e++)
      ;
    /* the alternative is pattern[s..e) */
    if (lb + (e - s) + sufflen < BUFSIZE) { /* OK: prefix, alternative, suffix, 0 */
      n = 0;
      for (i = 0; i < lb; i++)
        patbuf[n++] = pattern[i];
      for (i = s; i < e; i++)
        patbuf[n++] = pattern[i];
      for (i = rb + 1; pattern[i] != 0; i++)
        patbuf[n++] = pattern[i];
      patbuf[n] = 0;
      if (patbuf[0] != 0)
        count++;
    }
    s = e + 1;
  }
  return count > 2;
}
