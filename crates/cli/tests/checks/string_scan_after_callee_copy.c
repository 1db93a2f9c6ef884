//! verify --property memsafety: TRUE
//! checks: 6
/* A callee copies at most 11 bytes into a 12-byte buffer, the caller terminates it and scans
   it by index up to its first 0: the scan needs `i <= \last_zero(name)`, and the copy loop,
   where `name` is out of scope, a bound on `\last_zero(name)`. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
static void copy(char *dst, const char *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}
int main(void) {
  char in[20], name[12];
  for (int j = 0; j < 20; j++) in[j] = __VERIFIER_nondet_char();
  int len = __VERIFIER_nondet_int();
  if (len < 0 || len > 20) return 0;
  if (len > 11) len = 11;
  copy(name, in, len);
  name[len] = 0;
  int dots = 0;
  for (int i = 0; name[i] != 0; i++)
    if (name[i] == '.') dots++;
  return dots;
}
