//! verify --property memsafety: FALSE(valid-deref) @11
/* One entry of the table is larger than the buffer. */
extern int __VERIFIER_nondet_int(void);
int lengths[5] = {0, 16, 17, 8, 4};
int main(void) {
  char sig[16];
  int kind = __VERIFIER_nondet_int();
  if (kind < 0 || kind >= 5) return 0;
  int len = lengths[kind];
  for (int k = 0; k < len; k++)
    sig[k] = 'x';
  return 0;
}
