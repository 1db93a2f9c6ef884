//! verify --property memsafety: FALSE(valid-deref)
/* memcmp reads all n bytes of both objects (C11 7.24.4.1): a 4-byte array compared over 8 bytes
   overflows although the first bytes differ. */
#include <string.h>
int main(void) {
  char a[4] = "abc";
  char b[8] = "xbcdefg";
  return memcmp(a, b, 8) == 0;
}
