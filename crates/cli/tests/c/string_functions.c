/* The C library's string functions the front end models when a program calls them without a
   body (include/leapfrog_string.c): each result folded into the exit code, which the
   gcc-compiled program (glibc's functions) must give too. The input picks the strings. */
//! run: 0 => exit 124
//! run: 1 => exit 28
//! run: 2 => exit 71
//! run: 3 => exit 87
#include <string.h>
extern int __VERIFIER_nondet_int(void);

static int sign(int x) { return (x > 0) - (x < 0); }

int main(void) {
  const char *words[] = { "alpha=beta", "", "a=b=c", "xyzzy" };
  int sel = __VERIFIER_nondet_int();
  if (sel < 0 || sel > 3) return 0;
  const char *w = words[sel];
  char buf[32], tail[8];
  int h = 0;
  h += (int)strlen(w);
  h += (int)strnlen(w, 3) * 3;
  strcpy(buf, w);
  h += buf[0] == w[0];
  strcat(buf, "!");
  h += (int)strlen(buf) * 5;
  strncat(buf, "12345", 2);
  h += (int)strlen(buf);
  strncpy(tail, w, sizeof tail);
  h += tail[7] == 0 ? 7 : 11;
  h += sign(strcmp(w, "alpha")) + 2;
  h += sign(strncmp(w, "a=b", 3)) + 2;
  char *eq = strchr(buf, '=');
  h += eq ? (int)(eq - buf) * 2 : 1;
  char *last = strrchr(buf, '=');
  h += last ? (int)(last - buf) : 3;
  h += strchr(buf, 0) == buf + strlen(buf);
  h += strlen(w) >= 3 ? sign(memcmp(w, "a=b=c", 3)) + 2 : 5; /* (memcmp reads all 3 bytes) */
  h += memchr(w, 'z', strlen(w)) ? 13 : 0;
  return h;
}
