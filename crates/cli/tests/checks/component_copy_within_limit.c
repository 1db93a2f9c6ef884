//! verify --property memsafety: TRUE
/* Components of a path copied into a fixed buffer after a length check over three variables
   (`len + 1 + n < 16`): the copy loop needs `len + n - k <= 15`, a polyhedron's relation. */
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char path[40];
  char out[16];
  int i, s, n, k, len = 0;
  for (i = 0; i < 39; i++) path[i] = __VERIFIER_nondet_char();
  path[39] = 0;
  i = 0;
  while (path[i] != 0) {
    if (path[i] == '/') { i++; continue; }
    s = i;
    while (path[i] != 0 && path[i] != '/') i++;
    n = i - s;
    if (len + 1 + n >= 16) continue;
    out[len++] = '/';
    for (k = 0; k < n; k++) out[len++] = path[s + k];
  }
  out[len] = 0;
  return out[0];
}
