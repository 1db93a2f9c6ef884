/* sprintf and snprintf with constant formats, which the front end lowers into calls of the
   helpers of include/leapfrog_string.c: every supported conversion (with its flags, width,
   precision and length modifier) against the text glibc writes, and the value returned. Each
   group returns 0 when every case matches, else the number of the first case that does not;
   the gcc-compiled program (glibc's functions) must agree. The input picks the group. */
//! run: 0 => exit 0
//! run: 1 => exit 0
//! run: 2 => exit 0
//! run: 3 => exit 0
//! run: 4 => exit 0
//! run: 5 => exit 0
//! run: 6 => exit 0
//! run: 7 => exit 0
//! run: 8, 8 => exit 0
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

static char b[96];
static int n;

/* The case fails when the call's value is not `length` or the buffer does not start with the
   bytes of `text` and its terminator. */
#define CASE(call, text, length)                                                                  \
  do {                                                                                            \
    n++;                                                                                          \
    memset(b, 'Z', sizeof b);                                                                     \
    if ((call) != (length) || memcmp(b, text, sizeof text) != 0)                                  \
      return n;                                                                                   \
  } while (0)

static int decimal(void) {
  CASE(sprintf(b, "%d", 0), "0", 1);
  CASE(sprintf(b, "%d", 7), "7", 1);
  CASE(sprintf(b, "%d", -7), "-7", 2);
  CASE(sprintf(b, "%i", 1234567890), "1234567890", 10);
  CASE(sprintf(b, "%d", INT_MAX), "2147483647", 10);
  CASE(sprintf(b, "%d", INT_MIN), "-2147483648", 11);
  CASE(sprintf(b, "%d", -1000000000), "-1000000000", 11);
  CASE(sprintf(b, "%u", 0u), "0", 1);
  CASE(sprintf(b, "%u", UINT_MAX), "4294967295", 10);
  CASE(sprintf(b, "%u", -1), "4294967295", 10);
  CASE(sprintf(b, "%d", (char)-3), "-3", 2);
  CASE(sprintf(b, "%u", (unsigned char)200), "200", 3);
  CASE(sprintf(b, "%d", (short)-32768), "-32768", 6);
  CASE(sprintf(b, "%d%d%d", 1, 22, 333), "122333", 6);
  CASE(sprintf(b, "%i", 99999), "99999", 5);
  CASE(sprintf(b, "%d", 100000), "100000", 6);
  CASE(sprintf(b, "%u", 999999999u), "999999999", 9);
  return 0;
}

static int hexadecimal(void) {
  CASE(sprintf(b, "%x", 0), "0", 1);
  CASE(sprintf(b, "%x", 255), "ff", 2);
  CASE(sprintf(b, "%X", 255), "FF", 2);
  CASE(sprintf(b, "%x", 0xdeadbeefu), "deadbeef", 8);
  CASE(sprintf(b, "%X", 0xDEADBEEFu), "DEADBEEF", 8);
  CASE(sprintf(b, "%x", -1), "ffffffff", 8);
  CASE(sprintf(b, "%x", (short)-1), "ffffffff", 8);
  CASE(sprintf(b, "%x", 0x10), "10", 2);
  CASE(sprintf(b, "%X", 0xabcdef), "ABCDEF", 6);
  CASE(sprintf(b, "%x", 0x1000000), "1000000", 7);
  CASE(sprintf(b, "%x", 0x9abc), "9abc", 4);
  return 0;
}

static int lengths(void) {
  CASE(sprintf(b, "%hhd", 200), "-56", 3);
  CASE(sprintf(b, "%hhd", -129), "127", 3);
  CASE(sprintf(b, "%hhu", -1), "255", 3);
  CASE(sprintf(b, "%hhx", 0x1ff), "ff", 2);
  CASE(sprintf(b, "%hd", 40000), "-25536", 6);
  CASE(sprintf(b, "%hu", -1), "65535", 5);
  CASE(sprintf(b, "%hX", 0x12345), "2345", 4);
  CASE(sprintf(b, "%ld", LONG_MIN), "-9223372036854775808", 20);
  CASE(sprintf(b, "%ld", LONG_MAX), "9223372036854775807", 19);
  CASE(sprintf(b, "%lu", ULONG_MAX), "18446744073709551615", 20);
  CASE(sprintf(b, "%lx", 0x123456789abcdefUL), "123456789abcdef", 15);
  CASE(sprintf(b, "%lld", LLONG_MIN), "-9223372036854775808", 20);
  CASE(sprintf(b, "%lld", LLONG_MAX), "9223372036854775807", 19);
  CASE(sprintf(b, "%llu", ULLONG_MAX), "18446744073709551615", 20);
  CASE(sprintf(b, "%llu", 10000000000000000000ULL), "10000000000000000000", 20);
  CASE(sprintf(b, "%llu", 9999999999999999999ULL), "9999999999999999999", 19);
  CASE(sprintf(b, "%llX", ULLONG_MAX), "FFFFFFFFFFFFFFFF", 16);
  CASE(sprintf(b, "%llx", 0x8000000000000000ULL), "8000000000000000", 16);
  CASE(sprintf(b, "%lld", -1LL), "-1", 2);
  CASE(sprintf(b, "%zu", sizeof b), "96", 2);
  CASE(sprintf(b, "%zu", (size_t)-1), "18446744073709551615", 20);
  CASE(sprintf(b, "%zd", (ptrdiff_t)-5), "-5", 2);
  CASE(sprintf(b, "%jd", (intmax_t)INT64_MIN), "-9223372036854775808", 20);
  CASE(sprintf(b, "%ju", (uintmax_t)12345), "12345", 5);
  CASE(sprintf(b, "%td", (ptrdiff_t)-77), "-77", 3);
  CASE(sprintf(b, "%tx", (ptrdiff_t)255), "ff", 2);
  return 0;
}

static int widths_and_flags(void) {
  CASE(sprintf(b, "[%5d]", 42), "[   42]", 7);
  CASE(sprintf(b, "[%-5d]", 42), "[42   ]", 7);
  CASE(sprintf(b, "[%05d]", 42), "[00042]", 7);
  CASE(sprintf(b, "[%05d]", -42), "[-0042]", 7);
  CASE(sprintf(b, "[%5d]", -42), "[  -42]", 7);
  CASE(sprintf(b, "[%-05d]", -42), "[-42  ]", 7);
  CASE(sprintf(b, "[%0-5d]", 7), "[7    ]", 7);
  CASE(sprintf(b, "[%1d]", 12345), "[12345]", 7);
  CASE(sprintf(b, "[%2d]", -5), "[-5]", 4);
  CASE(sprintf(b, "[%3d]", -5), "[ -5]", 5);
  CASE(sprintf(b, "[%08x]", 0xabc), "[00000abc]", 10);
  CASE(sprintf(b, "[%-8X]", 0xabc), "[ABC     ]", 10);
  CASE(sprintf(b, "[%8u]", 4000000000u), "[4000000000]", 12);
  CASE(sprintf(b, "[%012u]", 4000000000u), "[004000000000]", 14);
  CASE(sprintf(b, "[%025lld]", LLONG_MIN), "[-000009223372036854775808]", 27);
  CASE(sprintf(b, "[%24lld]", LLONG_MIN), "[    -9223372036854775808]", 26);
  CASE(sprintf(b, "[%-22lu|]", ULONG_MAX), "[18446744073709551615  |]", 25);
  CASE(sprintf(b, "[%05d]", 0), "[00000]", 7);
  CASE(sprintf(b, "[%0d]", 3), "[3]", 3);
  CASE(sprintf(b, "[%03hhd]", -1), "[-01]", 5);
  CASE(sprintf(b, "[%10d]", INT_MIN), "[-2147483648]", 13);
  CASE(sprintf(b, "[%012d]", INT_MIN), "[-02147483648]", 14);
  return 0;
}

static int precisions(void) {
  CASE(sprintf(b, "[%.3d]", 7), "[007]", 5);
  CASE(sprintf(b, "[%.3d]", -7), "[-007]", 6);
  CASE(sprintf(b, "[%.0d]", 0), "[]", 2);
  CASE(sprintf(b, "[%.d]", 0), "[]", 2);
  CASE(sprintf(b, "[%5.0d]", 0), "[     ]", 7);
  CASE(sprintf(b, "[%-3.0x|]", 0), "[   |]", 6);
  CASE(sprintf(b, "[%.0d]", 5), "[5]", 3);
  CASE(sprintf(b, "[%05.3d]", -7), "[ -007]", 7);
  CASE(sprintf(b, "[%-8.3d|]", 7), "[007     |]", 11);
  CASE(sprintf(b, "[%.5x]", 0xab), "[000ab]", 7);
  CASE(sprintf(b, "[%8.5X]", 0xab), "[   000AB]", 10);
  CASE(sprintf(b, "[%.2d]", 12345), "[12345]", 7);
  CASE(sprintf(b, "[%.12u]", 4000000000u), "[004000000000]", 14);
  CASE(sprintf(b, "[%.22lld]", LLONG_MIN), "[-0009223372036854775808]", 25);
  CASE(sprintf(b, "[%3.1u]", 0u), "[  0]", 5);
  return 0;
}

static int strings(void) {
  const char *w = "hello";
  char unterminated[3] = {'a', 'b', 'c'};
  char empty[1] = {0};
  CASE(sprintf(b, "%s", w), "hello", 5);
  CASE(sprintf(b, "%s", empty), "", 0);
  CASE(sprintf(b, "<%s>", ""), "<>", 2);
  CASE(sprintf(b, "[%8s]", w), "[   hello]", 10);
  CASE(sprintf(b, "[%-8s]", w), "[hello   ]", 10);
  CASE(sprintf(b, "[%3s]", w), "[hello]", 7);
  CASE(sprintf(b, "[%.3s]", w), "[hel]", 5);
  CASE(sprintf(b, "[%.10s]", w), "[hello]", 7);
  CASE(sprintf(b, "[%.0s]", w), "[]", 2);
  CASE(sprintf(b, "[%.s]", w), "[]", 2);
  CASE(sprintf(b, "[%8.3s]", w), "[     hel]", 10);
  CASE(sprintf(b, "[%-8.3s]", w), "[hel     ]", 10);
  CASE(sprintf(b, "[%.3s]", unterminated), "[abc]", 5);
  CASE(sprintf(b, "[%5.3s]", unterminated), "[  abc]", 7);
  CASE(sprintf(b, "[%.2s]", unterminated), "[ab]", 4);
  CASE(sprintf(b, "%s=%s", "key", w + 1), "key=ello", 8);
  CASE(sprintf(b, "%s%s%s", w, w, w), "hellohellohello", 15);
  CASE(sprintf(b, "[%-2s]", "abc"), "[abc]", 5);
  return 0;
}

static int characters_and_text(void) {
  CASE(sprintf(b, "%c", 'a'), "a", 1);
  CASE(sprintf(b, "%c%c%c", 'x', 'y', 'z'), "xyz", 3);
  CASE(sprintf(b, "[%3c]", 'q'), "[  q]", 5);
  CASE(sprintf(b, "[%-3c]", 'q'), "[q  ]", 5);
  CASE(sprintf(b, "[%1c]", 'q'), "[q]", 3);
  CASE(sprintf(b, "%c", 'a' + 256), "a", 1);
  CASE(sprintf(b, "%c", 200), "\310", 1);
  CASE(sprintf(b, "a%cb", 0), "a\0b", 3);
  CASE(sprintf(b, "%%"), "%", 1);
  CASE(sprintf(b, "100%% of %d%%", 5), "100% of 5%", 10);
  CASE(sprintf(b, "plain text"), "plain text", 10);
  CASE(sprintf(b, ""), "", 0);
  CASE(sprintf(b, "x"), "x", 1);
  CASE(sprintf(b, "tab\there\n"), "tab\there\n", 9);
  CASE(sprintf(b, "ab\0%d", 5), "ab", 2);
  CASE(sprintf(b, "%s: %d items (%x) at %c%-4u|", "box", -3, 48879, '#', 17u), "box: -3 items (beef) at #17  |", 30);
  return 0;
}

static int bounded(void) {
  CASE(snprintf(b, sizeof b, "%d", 1234567), "1234567", 7);
  CASE(snprintf(b, 5, "%d", 1234567), "1234", 7);
  CASE(snprintf(b, 8, "%d", 1234567), "1234567", 7);
  CASE(snprintf(b, 7, "%d", 1234567), "123456", 7);
  CASE(snprintf(b, 1, "%s", "abc"), "", 3);
  CASE(snprintf(b, 4, "[%10s]", "x"), "[  ", 12);
  CASE(snprintf(b, 6, "%-4d|%s", -1, "tail"), "-1  |", 9);
  CASE(snprintf(b, 3, "%c%c%c%c", 'a', 'b', 'c', 'd'), "ab", 4);
  CASE(snprintf(b, 10, "%lld", LLONG_MIN), "-92233720", 20);
  CASE(snprintf(b, 2, "%x", 0xfff), "f", 3);
  CASE(snprintf(b, 3, "%.5s", "abcdefgh"), "ab", 5);
  CASE(snprintf(b, (size_t)2, "%%%%"), "%", 2);
  /* With n == 0 nothing is written (and the buffer may be a null pointer). */
  memset(b, 'Z', sizeof b);
  n++;
  if (snprintf(b, 0, "%s", "abc") != 3 || memcmp(b, "ZZZZ", 4) != 0)
    return n;
  n++;
  if (snprintf(0, 0, "%s and %d", "abc", -12) != 11)
    return n;
  /* The bytes after the terminator are not written. */
  memset(b, 'Z', sizeof b);
  n++;
  if (snprintf(b, 4, "%s", "abcdef") != 6 || memcmp(b, "abc\0ZZZ", 7) != 0)
    return n;
  memset(b, 'Z', sizeof b);
  n++;
  if (snprintf(b + 2, 3, "%d", 98765) != 5 || memcmp(b, "ZZ98\0ZZ", 7) != 0)
    return n;
  return 0;
}

static int counter;
static int next(void) { return ++counter; }

static int in_programs(void) {
  char small[8];
  int len = 0;
  /* The value in expressions, buffers at an offset, arguments with side effects. */
  len += sprintf(small, "%d", 123);
  len += sprintf(small + len, "-%s", "ab");
  n++;
  if (len != 6 || memcmp(small, "123-ab", 7) != 0)
    return n;
  CASE(sprintf(b, "%d,%d", next(), 10 * next()), "2,10", 4);
  struct { char name[6]; int id; } item = {"disk", 3};
  CASE(sprintf(b, "%s#%d", item.name, item.id), "disk#3", 6);
  int k = sprintf(b, "%d", -5) * 2;
  n++;
  if (k != 4)
    return n;
  unsigned long long big = 1;
  for (int i = 0; i < 63; i++)
    big *= 2;
  CASE(sprintf(b, "%llu", big), "9223372036854775808", 19);
  CASE(sprintf(b, "%llu", big * 2 - 1 + big), "9223372036854775807", 19);
  int v = __VERIFIER_nondet_int();
  CASE(sprintf(b, "%d", v), "8", 1);
  return 0;
}

int main(void) {
  int group = __VERIFIER_nondet_int();
  switch (group) {
  case 0: return decimal();
  case 1: return hexadecimal();
  case 2: return lengths();
  case 3: return widths_and_flags();
  case 4: return precisions();
  case 5: return strings();
  case 6: return characters_and_text();
  case 7: return bounded();
  case 8: return in_programs();
  }
  return 0;
}
