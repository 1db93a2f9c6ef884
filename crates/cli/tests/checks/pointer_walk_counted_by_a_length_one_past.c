//! verify --property memsafety: FALSE(valid-deref)
/* As pointer_walk_counted_by_a_length.c, with one byte more than the packet holds. */
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
  if (len < 0 || len > end - p + 1 || len > 8) /* one too many */
    return 0;
  for (int i = 0; i < len; i++)
    out[i] = *p++;
  return len > 0 ? out[0] : 0;
}
