/* Integer promotions, usual arithmetic conversions, unsigned wrap-around, and signed overflow
   (undefined behaviour under the default semantics). */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  unsigned char c = 200;
  c = c + 100;                 /* 300 wraps to 44 */
  if (u + 1 < u) return 99;    /* only for u == UINT_MAX */
  if (-1 < 0u) return 98;      /* -1 converts to UINT_MAX: false */
  return (x + 1) + c;          /* ub when x == INT_MAX */
}
//! run: 1,5 => exit 46
//! run: -45,0 => exit 0
//! run: 0,4294967295 => exit 99
//! run: -1 => exit 44
//! run: 2147483647,1 => ub
