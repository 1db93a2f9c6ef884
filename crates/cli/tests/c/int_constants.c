/* Integer constants of every base and suffix and their types (2147483648 is long,
   0xFFFFFFFF is unsigned int, 0x80000000 is unsigned, 1UL << 40, octal, LL/ULL suffixes),
   character constants with every kind of escape ('\n', '\0', '\x41', '\101', '\'', '\\',
   '\xff' is -1 as a plain char), and string literals with escapes (read byte by byte). */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    int r = 0;
    if (sizeof(2147483647) == 4) r += 1;
    if (sizeof(2147483648) == 8) r += 2;        /* does not fit int: long */
    if (0xFFFFFFFF > 0) r += 4;                 /* unsigned int, not -1 */
    if (-0x80000000 > 0) r += 8;                /* unsigned: negation wraps to 0x80000000 */
    if (-2147483648 < 0) r += 16;               /* long: really negative */
    if (sizeof(0xFFFFFFFF) == 4 && sizeof(0x100000000) == 8) r += 32;
    if ((1UL << 40) == 1099511627776UL) r += 64;
    if (017 == 15 && 0x1f == 31 && 0X1F == 31 && 0 == 00) r += 128;
    return r;
  }
  if (sel == 1) {
    long long a = 123456789012LL;
    unsigned long long b = 18446744073709551615ULL;
    unsigned u = 4000000000U;
    long l = -1L;
    unsigned long ul = 0xDEADBEEFul;
    int r = (int)(a % 1000) - 12;               /* 0 */
    r += (int)(b >> 60);                        /* 15 */
    r += u > 3000000000u;                       /* 1 */
    r += (l < 0u);                              /* long vs unsigned int: both long, true */
    r += (int)(ul & 0xFF);                      /* 0xEF = 239 */
    return r;                                   /* 256 */
  }
  if (sel == 2) {
    char c = '\xff';
    int r = 0;
    r += ('\n' == 10) + ('\0' == 0) * 2 + ('\x41' == 'A') * 4 + ('\101' == 65) * 8;
    r += ('\'' == 39) * 16 + ('\\' == 92) * 32 + (c == -1) * 64 + ('\t' + '\r' == 22) * 128;
    return r + (sizeof('a') == 4);              /* a char constant is an int */
  }
  if (sel == 3) {
    const char *s = "a\tb\\\"\x41\101\0z";
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 8) return 0;
    return s[k];
  }
  if (sel == 4) {
    unsigned char bytes[] = "\xff\x80\177";
    return bytes[0] - bytes[1] + bytes[2] + sizeof(bytes);   /* 255 - 128 + 127 + 4 */
  }
  return 1;
}
//! run: 0 => exit 255
//! run: 1 => exit 256
//! run: 2 => exit 256
//! run: 3,0 => exit 97
//! run: 3,1 => exit 9
//! run: 3,3 => exit 92
//! run: 3,4 => exit 34
//! run: 3,5 => exit 65
//! run: 3,6 => exit 65
//! run: 3,7 => exit 0
//! run: 3,8 => exit 122
//! run: 4 => exit 258
//! run: 5 => exit 1
