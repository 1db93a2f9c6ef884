#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* A deterministic program whose only execution overflows a signed integer (a hash that wraps,
   as TACLeBench's test3 and adpcm do): undefined behaviour that every execution reaches. Its
   loops are counted as the compiled program runs it, with two's complement wrapping: the second
   loop's count depends on the wrapped value (2147483000 + 20 * 100 wraps to -2147482296, which
   is 2147485000 as an unsigned: 22 halvings to reach 1000, as gcc -fwrapv computes it). */

int run(int n) {
  int h = 2147483000;
  LF_ENTRY(1);
  for (int i = 0; i < n; i++) {
    LF_BODY(1);
    h = h + 100;
  }
  int d = 0;
  unsigned u = (unsigned)h;
  LF_ENTRY(2);
  while (u > 1000) {
    LF_BODY(2);
    u = u / 2;
    d++;
  }
  return d;
}

int main(void) {
  return run(20) == 22 ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 20
// expect 2: max 22
