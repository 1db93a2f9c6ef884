//! verify --property memsafety: TRUE
/* strchr, strlen and strncmp (the models) on a terminated buffer, one byte of it overwritten with 0. */
#include <string.h>
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char buf[10];
  for (int i = 0; i < 10; i++) buf[i] = __VERIFIER_nondet_char();
  buf[9] = 0;
  char *p = strchr(buf, '=');
  if (p) *p = 0;
  return strlen(buf) + strncmp(buf, "abc", 3);
}
