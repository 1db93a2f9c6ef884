//! verify --property memsafety: FALSE(valid-deref) @18
/* As string_scan_after_callee_copy.c, but the copy may fill all 12 bytes (none of them 0),
   and then no terminator is written: the scan reads past the buffer. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
static void copy(char *dst, const char *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}
int main(void) {
  char in[20], name[12];
  for (int j = 0; j < 20; j++) in[j] = __VERIFIER_nondet_char() | 1;
  int len = __VERIFIER_nondet_int();
  if (len < 0 || len > 20) return 0;
  if (len > 12) len = 12;
  copy(name, in, len);
  if (len < 12) name[len] = 0;
  int dots = 0;
  for (int i = 0; name[i] != 0; i++)
    if (name[i] == '.') dots++;
  return dots;
}
