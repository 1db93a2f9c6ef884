/* gcc's byte-swap builtins (which glibc's <stdlib.h> uses) are modelled; attributes and pragmas
   that change layouts are reported as unsupported (the struct below is laid out without packing,
   so the program still runs, but its results would be UNKNOWN). */
#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);
#pragma pack(push, 1)
struct packed_header { unsigned char tag; unsigned int len; };
#pragma pack(pop)
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int s = __builtin_bswap32(x);
  unsigned short h = __builtin_bswap16((unsigned short)x);
  unsigned long long w = __builtin_bswap64((unsigned long long)x);
  if (__builtin_constant_p(x) || !__builtin_constant_p(3)) return 1;
  return (s >> 24) + (h & 0xff) + (int)(w >> 56) - 3 * (int)(x & 0xff);
}
//! run: 0 => exit 0
//! run: 258 => exit -1
//! run: 4278190080 => exit 0
//! run: 287454020 => exit -17
