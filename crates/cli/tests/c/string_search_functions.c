/* The C library's searching, span, case-insensitive and duplicating string functions the front
   end models (include/leapfrog_string.c): each result folded into the exit code, which the
   gcc-compiled program (glibc's functions) must give too. The input picks the strings. */
//! run: 0 => exit 104
//! run: 1 => exit 192
//! run: 2 => exit 215
//! run: 3 => exit 52
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <strings.h>
extern int __VERIFIER_nondet_int(void);

static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
  const char *words[] = { "Hello, World; abab", "", "ab", ",;x" };
  int sel = __VERIFIER_nondet_int();
  if (sel < 0 || sel > 3) return 0;
  const char *w = words[sel];
  unsigned h = 7;
  const char *needles[] = { "", "ab", "World", "abab", "x", "zz" };
  for (int k = 0; k < 6; k++) {
    const char *p = strstr(w, needles[k]);
    h = h * 31 + (p ? (unsigned)(p - w) + 1 : 0);
  }
  h = h * 31 + (unsigned)strspn(w, "Helo");
  h = h * 31 + (unsigned)strspn(w, "");
  h = h * 31 + (unsigned)strcspn(w, ",;");
  h = h * 31 + (unsigned)strcspn(w, "");
  const char *q = strpbrk(w, ";x");
  h = h * 31 + (q ? (unsigned)(q - w) + 1 : 0);
  h = h * 31 + (unsigned)(sign(strcasecmp(w, "hello, world; ABAB")) + 2);
  h = h * 31 + (unsigned)(sign(strcasecmp(w, "AB")) + 2);
  h = h * 31 + (unsigned)(sign(strncasecmp(w, "HELLO!", 5)) + 2);
  h = h * 31 + (unsigned)(sign(strncasecmp(w, "ab", 3)) + 2);
  char *d = strdup(w);
  h = h * 31 + (unsigned)strlen(d) + (strcmp(d, w) == 0);
  char *e = strndup(w, 4);
  h = h * 31 + (unsigned)strlen(e) + (strncmp(e, w, 4) == 0);
  free(d);
  free(e);
  return (int)(h % 251);
}
