/* Ending a run early: exit(n) from a nested function (later code never runs; codes above 255
   are reported in full by the interpreter and modulo 256 by the OS), exit(0), abort() from main and
   from a nested call, _Exit, and return from main after calls that did not exit. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static int visited;

static void check(int v) {
  visited++;
  if (v < 0) exit(3);
  if (v == 0) exit(0);
  if (v > 1000) abort();
}

static int deeper(int v) {
  check(v);
  if (v == 7) _Exit(77);
  return v * 2;
}

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = deeper(a);
  if (b == 10) exit(300);
  if (b == 12) abort();
  return b + visited;
}
//! run: 1 => exit 3
//! run: -5 => exit 3
//! run: 0 => exit 0
//! run: 5000 => abort
//! run: 7 => exit 77
//! run: 5 => exit 300
//! run: 6 => abort
//! run: 100 => exit 201
