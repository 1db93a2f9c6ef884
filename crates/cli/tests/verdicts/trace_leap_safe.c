//! verify: not FALSE
// The summary's traces are only a search: this one has no failing execution, and no answer
// may claim one (a model of a wrong encoding would be refused by the replay).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  while (x < 900000) {
    x = x + 3;
  }
  __VERIFIER_assert(x >= 900000 && x <= 900002);
  return 0;
}
