//! verify --property memsafety: not TRUE
/* The table is written once, on a rare input: it is no constant table, and the fill may
   overflow. */
extern int __VERIFIER_nondet_int(void);
int lengths[5] = {0, 16, 12, 8, 4};
int main(void) {
  char sig[16];
  if (__VERIFIER_nondet_int() == 77777) lengths[3] = 40;
  int kind = __VERIFIER_nondet_int();
  if (kind < 0 || kind >= 5) return 0;
  int len = lengths[kind];
  for (int k = 0; k < len; k++) sig[k] = 'x';
  return 0;
}
