/* wu-ftpd mapped_path / mapping_chdir() (CVE-1999-0878), after Ku et al.: a series of
   CWD commands, each reading a directory name, is applied to a global current-directory
   buffer: ".." removes the last component, any other name is appended after a '/'. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

#define MPSIZE 20
#define NAMEMAX 8
#define MAXCMD 6

char mapped_path[MPSIZE] = "/";

int main(void) {
  char name[NAMEMAX + 1];
  char ch;
  int ncmd, c, n, k, mlen = 1;

  ncmd = __VERIFIER_nondet_int();
  if (ncmd < 0 || ncmd > MAXCMD)
    ncmd = MAXCMD;
  for (c = 0; c < ncmd; c++) {
    /* the argument of the next CWD command */
    n = 0;
    while (n < NAMEMAX) {
      ch = __VERIFIER_nondet_char();
      if (ch == 0 || ch == '/')
        break;
      name[n++] = ch;
    }
    name[n] = 0;
    if (n == 0)
      continue;
    if (n == 2 && name[0] == '.' && name[1] == '.') {
      while (mlen > 1 && mapped_path[mlen - 1] != '/')
        mlen--;
      if (mlen > 1)
        mlen--;
      mapped_path[mlen] = 0;
      continue;
    }
    /* BAD: the name is at most NAMEMAX bytes, but the total length is not checked */
    if (mlen > 1)
      mapped_path[mlen++] = '/';
    for (k = 0; k < n; k++)
      mapped_path[mlen++] = name[k];
    mapped_path[mlen] = 0;
  }
  return mapped_path[0] != '/';
}
