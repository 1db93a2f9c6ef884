//! verify --property memsafety: TRUE
//! checks: 8
/* The bound of the fill comes from a global table nothing writes: every entry is at most 16. */
extern int __VERIFIER_nondet_int(void);
int lengths[5] = {0, 16, 12, 8, 4};
int main(void) {
  char sig[16];
  int kind = __VERIFIER_nondet_int();
  if (kind < 0 || kind >= 5) return 0;
  int len = lengths[kind];
  for (int k = 0; k < len; k++) sig[k] = 'x';
  return sig[0] == 'y';
}
