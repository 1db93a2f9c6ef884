/* Found by `leapfrog fuzz --seed 42 --start 325 --programs 1` (a suspect that was real; reduced
   by hand): `x -= s` with s == 0 leaves x unchanged, so the loop runs forever when the volatile
   read gives x > 3 (the input at the end keeps concrete execution out). `terminate` answered
   TRUE with a transition invariant whose supporting invariant is `fz_vol == 0 && x == 0`: the
   front end reads the volatile global as an ordinary one, which nothing writes. Expected: FALSE
   or UNKNOWN. */
extern int __VERIFIER_nondet_int(void);
volatile int fz_vol;

int main(void) {
  int x = fz_vol;
  unsigned long s = 0;
  while (x > 3) {
    x -= s;
  }
  return __VERIFIER_nondet_int();
}
