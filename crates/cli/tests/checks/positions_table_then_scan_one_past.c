//! verify --property memsafety: FALSE(valid-deref) @20
// As positions_table_then_scan.c (with a shorter string), but a piece is taken to start two
// past its '?': a '?' just before the terminator makes the scan start past the end.
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char uri[8];
  int token[5];
  int c = 0, i, k, n = 0;
  for (i = 0; i < 7; i++)
    uri[i] = __VERIFIER_nondet_char();
  uri[7] = 0;
  token[0] = 0;
  for (i = 0; uri[i] != 0 && c < 4; i++) {
    if (uri[i] == '?') {
      token[++c] = i + 2;
      uri[i] = 0;
    }
  }
  for (k = 0; k <= c; k++)
    for (i = token[k]; uri[i] != 0; i++)
      n += uri[i] == '%';
  return n;
}
