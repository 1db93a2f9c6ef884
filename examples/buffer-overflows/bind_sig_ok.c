/* BIND 8 SIG record handling (the 1999 SIG bugs), after Ku et al.: the length of a
   signature is looked up in a fixed global table indexed by the algorithm number
   taken from each record. */
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

#define NALG 6
#define SIGMAX 16

int siglen_tab[NALG] = {0, 16, 12, 8, 16, 4};

int main(void) {
  char sig[SIGMAX];
  int nrec, r, alg, len, k, nzero = 0;

  nrec = __VERIFIER_nondet_int();
  if (nrec < 0 || nrec > 3)
    nrec = 3;
  for (r = 0; r < nrec; r++) {
    alg = __VERIFIER_nondet_int();
    if (alg < 0 || alg >= NALG) /* OK */
      continue;
    len = siglen_tab[alg];
    for (k = 0; k < len; k++)
      sig[k] = __VERIFIER_nondet_char();
    for (k = 0; k < len; k++)
      if (sig[k] == 0)
        nzero++;
  }
  return nzero > 0;
}
