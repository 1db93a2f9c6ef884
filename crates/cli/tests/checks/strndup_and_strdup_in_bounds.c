//! verify --property memsafety: TRUE
/* A name up to its first ';' (strcspn), duplicated (strndup), and the line duplicated
   (strdup): every read and write of the models stays in the buffers, and both copies are
   freed. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char line[24];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 23) n = 0;
  for (int i = 0; i < n; i++) {
    char c = __VERIFIER_nondet_char();
    line[i] = c != 0 ? c : ';';
  }
  line[n] = 0;
  unsigned long k = strcspn(line, ";");
  char *name = strndup(line, k);
  char *copy = strdup(line);
  int r = name[0] + copy[0];
  free(name);
  free(copy);
  return r;
}
