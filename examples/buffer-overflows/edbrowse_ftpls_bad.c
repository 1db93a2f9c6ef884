/* edbrowse ftpls() (ftp.c) style, after Ku et al.'s edbrowse: each line of an ftp LIST reply,
   such as "drwxr-xr-x 2 user group 4096 Jan 1 12:00 name", becomes a link. A pointer walk skips
   the eight blank-separated fields before the name, and the rest of the line, the file name,
   is copied into a fixed buffer with *q++ = *p++. */
extern char __VERIFIER_nondet_char(void);

#define LINE_SIZE 64
#define NAME_SIZE 16
#define NFIELDS 8

int main(void) {
  char line[LINE_SIZE];
  char name[NAME_SIZE];
  char *p, *q;
  int i, f, isdir;

  for (i = 0; i < LINE_SIZE - 1; i++)
    line[i] = __VERIFIER_nondet_char();
  line[LINE_SIZE - 1] = 0;

  p = line;
  isdir = *p == 'd';
  /* mode, links, owner, group, size, month, day, time */
  for (f = 0; f < NFIELDS; f++) {
    while (*p && *p != ' ')
      p++;
    while (*p == ' ')
      p++;
  }
  if (*p == 0)
    return 0;

  q = name;
  while (*p && *p != '\n' && *p != '\r') /* BAD: the name is copied whatever its length */
    *q++ = *p++;
  *q = 0;

  return isdir && name[0] == '.';
}
