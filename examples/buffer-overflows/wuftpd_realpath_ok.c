/* wu-ftpd fb_realpath() off-by-one (CVE-2003-0466), after Ku et al.: canonicalize a
   path ("//", "." and ".." components) into a fixed buffer of MAXPATH bytes. */
extern char __VERIFIER_nondet_char(void);

#define INSIZE 40
#define MAXPATH 16

int main(void) {
  char path[INSIZE];
  char resolved[MAXPATH];
  int i, s, n, k, len, toolong = 0;

  for (i = 0; i < INSIZE - 1; i++)
    path[i] = __VERIFIER_nondet_char();
  path[INSIZE - 1] = 0;

  len = 0; /* resolved[0..len) holds "/comp/comp..." */
  i = 0;
  while (path[i] != 0) {
    if (path[i] == '/') {
      i++;
      continue;
    }
    s = i;
    while (path[i] != 0 && path[i] != '/')
      i++;
    n = i - s; /* the component is path[s..i) */
    if (n == 1 && path[s] == '.')
      continue;
    if (n == 2 && path[s] == '.' && path[s + 1] == '.') {
      while (len > 0 && resolved[len - 1] != '/')
        len--;
      if (len > 0)
        len--;
      continue;
    }
    if (len + 1 + n >= MAXPATH) { /* OK: "/", the component and the 0 must fit */
      toolong = 1;                /* ENAMETOOLONG: drop the component */
      continue;
    }
    resolved[len++] = '/';
    for (k = 0; k < n; k++)
      resolved[len++] = path[s + k];
  }
  if (len == 0)
    resolved[len++] = '/';
  resolved[len] = 0;

  return toolong || resolved[0] != '/';
}
