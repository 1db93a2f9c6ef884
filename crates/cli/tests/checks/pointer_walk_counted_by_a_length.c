//! verify --property memsafety: TRUE
/* A length read from the input, checked against the bytes left after a pointer (`len <= end -
   p`), then len bytes read by `*p++`: the read's check at the counter's last value, through
   the copy of p that `*p++` reads, is `\offset(p) + len - i <= \object_size(p)`. */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char pkt[32], out[8];
  for (int i = 0; i < 32; i++)
    pkt[i] = __VERIFIER_nondet_char();
  const char *p = pkt, *end = pkt + 32;
  int skip = __VERIFIER_nondet_int();
  if (skip < 0 || skip > 31)
    return 0;
  p += skip;
  int len = __VERIFIER_nondet_int();
  if (len < 0 || len > end - p || len > 8)
    return 0;
  for (int i = 0; i < len; i++)
    out[i] = *p++;
  return len > 0 ? out[0] : 0;
}
