//! verify --property memsafety: TRUE
// Split a terminated string at '?' into at most 5 pieces, keeping each piece's start in a
// table, then scan each piece to its terminator: the scan starts at an element of the table,
// so its index is bounded by the table's contents (`0 <= token[j] < 40` for `j <= c`) and by
// the string's terminator.
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char uri[40];
  int token[5];
  int c = 0, i, k, n = 0;
  for (i = 0; i < 39; i++)
    uri[i] = __VERIFIER_nondet_char();
  uri[39] = 0;
  token[0] = 0;
  for (i = 0; uri[i] != 0 && c < 4; i++) {
    if (uri[i] == '?') {
      token[++c] = i + 1;
      uri[i] = 0;
    }
  }
  for (k = 0; k <= c; k++)
    for (i = token[k]; uri[i] != 0; i++)
      n += uri[i] == '%';
  return n;
}
