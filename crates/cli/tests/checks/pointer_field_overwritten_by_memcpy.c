//! verify --property memsafety: FALSE(valid-deref)
/* A struct with a pointer field copied over by memcpy from one pointing into a smaller buffer:
   the field is not a cell only stores write, so what was stored first proves nothing. */
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct span {
  char *at;
  int len;
};
int main(void) {
  char big[16], small[4];
  struct span s, t;
  s.at = big;
  s.len = 16;
  t.at = small;
  t.len = 4;
  if (__VERIFIER_nondet_int())
    memcpy(&s, &t, sizeof s);
  for (int i = 0; i < 16; i++)
    s.at[i] = 'x';
  return big[0] + small[0];
}
