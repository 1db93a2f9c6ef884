//! verify --property memsafety: TRUE
// Zeros written into the middle of a string (a tokenizer, as `strtok` does) leave the last
// known terminator where it was: every walk from a token's start stays in the buffer.
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char s[24];
  int starts[4];
  int i, n = 1, count = 0;
  for (i = 0; i < 23; i++)
    s[i] = __VERIFIER_nondet_char();
  s[23] = 0;
  starts[0] = 0;
  for (i = 0; s[i] != 0; i++) {
    if (s[i] == ',' && n < 4) {
      s[i] = 0;
      starts[n++] = i + 1;
    }
  }
  for (i = 0; i < n; i++) {
    int k = starts[i];
    if (k < 0 || k > 23) return 0;
    while (s[k] != 0) {
      count++;
      k++;
    }
  }
  return count;
}
