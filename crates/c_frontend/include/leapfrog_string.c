/* Leapfrog's models of the C library's string and character functions: added to a program that
   calls one of them without defining it (each section below is kept only when its function is
   needed; the others become blank lines, so positions in this file stay as written). Each model
   does what the C standard says its function does on valid arguments, reading and writing
   exactly the bytes the standard lets it touch, so the automatic memory checks apply to its
   accesses. Comparisons return the difference of the first differing bytes as unsigned char,
   as glibc's x86-64 code does. A model may call the models above it, which are then kept with
   it. The helpers of sprintf and snprintf come last. */
typedef __typeof__(sizeof(0)) __leapfrog_size_t;
/* model: strlen */
__leapfrog_size_t strlen(const char *s) {
  long n = 0;
  while (s[n] != 0)
    n++;
  return n;
}
/* model: strnlen */
__leapfrog_size_t strnlen(const char *s, __leapfrog_size_t max) {
  __leapfrog_size_t n = 0;
  while (n < max && s[n] != 0)
    n++;
  return n;
}
/* model: strcpy */
char *strcpy(char *dst, const char *src) {
  long i = 0;
  while ((dst[i] = src[i]) != 0)
    i++;
  return dst;
}
/* model: strncpy */
char *strncpy(char *dst, const char *src, __leapfrog_size_t n) {
  __leapfrog_size_t i = 0;
  for (; i < n && src[i] != 0; i++)
    dst[i] = src[i];
  for (; i < n; i++)
    dst[i] = 0;
  return dst;
}
/* model: strcat */
char *strcat(char *dst, const char *src) {
  long d = 0;
  while (dst[d] != 0)
    d++;
  long i = 0;
  while ((dst[d + i] = src[i]) != 0)
    i++;
  return dst;
}
/* model: strncat */
char *strncat(char *dst, const char *src, __leapfrog_size_t n) {
  long d = 0;
  while (dst[d] != 0)
    d++;
  __leapfrog_size_t i = 0;
  for (; i < n && src[i] != 0; i++)
    dst[d + i] = src[i];
  dst[d + i] = 0;
  return dst;
}
/* model: strcmp */
int strcmp(const char *a, const char *b) {
  long i = 0;
  while (a[i] != 0 && a[i] == b[i])
    i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}
/* model: strncmp */
int strncmp(const char *a, const char *b, __leapfrog_size_t n) {
  if (n == 0)
    return 0;
  __leapfrog_size_t i = 0;
  while (i + 1 < n && a[i] != 0 && a[i] == b[i])
    i++;
  return (unsigned char)a[i] - (unsigned char)b[i];
}
/* model: strchr */
char *strchr(const char *s, int c) {
  long i = 0;
  while (s[i] != (char)c) {
    if (s[i] == 0)
      return 0;
    i++;
  }
  return (char *)s + i;
}
/* model: strrchr */
char *strrchr(const char *s, int c) {
  char *last = 0;
  long i = 0;
  for (;; i++) {
    if (s[i] == (char)c)
      last = (char *)s + i;
    if (s[i] == 0)
      return last;
  }
}
/* model: memcmp */
int memcmp(const void *a, const void *b, __leapfrog_size_t n) {
  /* Both objects must hold n bytes (C11 7.24.4.1; no early stop, as for memchr): all are read. */
  const unsigned char *x = a, *y = b;
  int r = 0;
  for (__leapfrog_size_t i = 0; i < n; i++) {
    unsigned char c = x[i], d = y[i];
    if (r == 0 && c != d)
      r = c - d;
  }
  return r;
}
/* model: memchr */
void *memchr(const void *s, int c, __leapfrog_size_t n) {
  const unsigned char *x = s;
  for (__leapfrog_size_t i = 0; i < n; i++)
    if (x[i] == (unsigned char)c)
      return (void *)(x + i);
  return 0;
}
/* model: strstr */
char *strstr(const char *h, const char *n) {
  /* Where n first occurs in h (h itself for an empty n); each byte of h is read only while n
     still matches there, so no byte past h's terminator. */
  for (long i = 0;; i++) {
    long k = 0;
    while (n[k] != 0 && h[i + k] == n[k])
      k++;
    if (n[k] == 0)
      return (char *)h + i;
    if (h[i] == 0)
      return 0;
  }
}
/* model: strspn */
__leapfrog_size_t strspn(const char *s, const char *accept) {
  __leapfrog_size_t i = 0;
  for (; s[i] != 0; i++) {
    long k = 0;
    while (accept[k] != 0 && accept[k] != s[i])
      k++;
    if (accept[k] == 0)
      return i;
  }
  return i;
}
/* model: strcspn */
__leapfrog_size_t strcspn(const char *s, const char *reject) {
  __leapfrog_size_t i = 0;
  for (; s[i] != 0; i++) {
    long k = 0;
    while (reject[k] != 0 && reject[k] != s[i])
      k++;
    if (reject[k] != 0)
      return i;
  }
  return i;
}
/* model: strpbrk */
char *strpbrk(const char *s, const char *accept) {
  for (long i = 0; s[i] != 0; i++)
    for (long k = 0; accept[k] != 0; k++)
      if (accept[k] == s[i])
        return (char *)s + i;
  return 0;
}
/* model: strcasecmp */
int strcasecmp(const char *a, const char *b) {
  /* Letters compared as lower case (the C locale's tolower). */
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  long i = 0;
  for (;; i++) {
    int c = x[i] >= 'A' && x[i] <= 'Z' ? x[i] + ('a' - 'A') : x[i];
    int d = y[i] >= 'A' && y[i] <= 'Z' ? y[i] + ('a' - 'A') : y[i];
    if (c != d || c == 0)
      return c - d;
  }
}
/* model: strncasecmp */
int strncasecmp(const char *a, const char *b, __leapfrog_size_t n) {
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  for (__leapfrog_size_t i = 0; i < n; i++) {
    int c = x[i] >= 'A' && x[i] <= 'Z' ? x[i] + ('a' - 'A') : x[i];
    int d = y[i] >= 'A' && y[i] <= 'Z' ? y[i] + ('a' - 'A') : y[i];
    if (c != d || c == 0)
      return c - d;
  }
  return 0;
}
/* model: strdup */
void *malloc(__leapfrog_size_t);
char *strdup(const char *s) {
  /* A heap copy, terminator included (allocations succeed, as everywhere in Leapfrog). The
     lengths are longs, which the analyses relate (an object is shorter than LONG_MAX). */
  long n = (long)strlen(s);
  char *d = malloc((__leapfrog_size_t)n + 1);
  for (long i = 0; i <= n; i++)
    d[i] = s[i];
  return d;
}
/* model: strndup */
void *malloc(__leapfrog_size_t);
char *strndup(const char *s, __leapfrog_size_t max) {
  long n = (long)strnlen(s, max);
  char *d = malloc((__leapfrog_size_t)n + 1);
  for (long i = 0; i < n; i++)
    d[i] = s[i];
  d[n] = 0;
  return d;
}
/* The character functions of <ctype.h>, in the C locale, with the values glibc's tables give
   (the prelude defines __NO_CTYPE, so that <ctype.h> declares functions instead of macros over
   its tables). The argument of a classification must be EOF or an unsigned char's value
   (C11 7.4p1): glibc reads its table at the argument, which covers -128 to 255; outside, the
   read is out of bounds, as the read of __leapfrog_ctype_domain (of the same extent, all 0)
   is. */
/* model: __leapfrog_ctype_argument */
const char __leapfrog_ctype_domain[384];
int __leapfrog_ctype_argument(int c) {
  return __leapfrog_ctype_domain[(long long)c + 128];
}
/* model: isalnum */
int isalnum(int c) {
  int alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return __leapfrog_ctype_argument(c) + (alnum ? 8 : 0);
}
/* model: isalpha */
int isalpha(int c) {
  int alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return __leapfrog_ctype_argument(c) + (alpha ? 1024 : 0);
}
/* model: isblank */
int isblank(int c) {
  return __leapfrog_ctype_argument(c) + (c == ' ' || c == '\t' ? 1 : 0);
}
/* model: iscntrl */
int iscntrl(int c) {
  return __leapfrog_ctype_argument(c) + ((c >= 0 && c < 32) || c == 127 ? 2 : 0);
}
/* model: isdigit */
int isdigit(int c) {
  return __leapfrog_ctype_argument(c) + (c >= '0' && c <= '9' ? 2048 : 0);
}
/* model: isgraph */
int isgraph(int c) {
  return __leapfrog_ctype_argument(c) + (c > ' ' && c < 127 ? 32768 : 0);
}
/* model: islower */
int islower(int c) {
  return __leapfrog_ctype_argument(c) + (c >= 'a' && c <= 'z' ? 512 : 0);
}
/* model: isprint */
int isprint(int c) {
  return __leapfrog_ctype_argument(c) + (c >= ' ' && c < 127 ? 16384 : 0);
}
/* model: ispunct */
int ispunct(int c) {
  int alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  return __leapfrog_ctype_argument(c) + (c > ' ' && c < 127 && !alnum ? 4 : 0);
}
/* model: isspace */
int isspace(int c) {
  return __leapfrog_ctype_argument(c) + (c == ' ' || (c >= '\t' && c <= '\r') ? 8192 : 0);
}
/* model: isupper */
int isupper(int c) {
  return __leapfrog_ctype_argument(c) + (c >= 'A' && c <= 'Z' ? 256 : 0);
}
/* model: isxdigit */
int isxdigit(int c) {
  int hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  return __leapfrog_ctype_argument(c) + (hex ? 4096 : 0);
}
/* In glibc's tables, the values of a signed char below -1 map to those of the unsigned char. */
/* model: tolower */
int tolower(int c) {
  if (c >= -128 && c < -1)
    return c + 256;
  return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}
/* model: toupper */
int toupper(int c) {
  if (c >= -128 && c < -1)
    return c + 256;
  return c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c;
}
/* The macros _tolower and _toupper read the same tables, for any argument. */
/* model: _tolower */
int _tolower(int c) {
  if (c >= -128 && c < -1)
    return __leapfrog_ctype_argument(c) + c + 256;
  return __leapfrog_ctype_argument(c) + (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}
/* model: _toupper */
int _toupper(int c) {
  if (c >= -128 && c < -1)
    return __leapfrog_ctype_argument(c) + c + 256;
  return __leapfrog_ctype_argument(c) + (c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
}
/* The helpers of sprintf and snprintf. A call with a string literal as its format, whose
   conversions the front end supports, is lowered into calls of these (lower/format.rs): each
   writes the bytes of one piece of the output at pos, of which only those at a position below
   limit (LONG_MAX for sprintf, n - 1 for snprintf, -1 when n is 0), and returns the position
   after the piece; __leapfrog_put_end writes the terminator and gives the call's value. Every
   byte is written, and every byte of a %s argument read, as by glibc's functions. The common
   pieces (a character, a number without width or precision) have helpers without loops but
   over digits, whose count comes from comparisons, so that analyses bound what they write. */
/* model: __leapfrog_put_char */
long __leapfrog_put_char(char *buf, long limit, long pos, int c) {
  if (pos < limit)
    buf[pos] = (char)c;
  return pos + 1;
}
/* model: __leapfrog_put_fill */
long __leapfrog_put_fill(char *buf, long limit, long pos, char c, long n) {
  /* n times c (nothing when n <= 0). */
  long i = 0;
  for (; i < n; i++)
    if (pos + i < limit)
      buf[pos + i] = c;
  return pos + i;
}
/* model: __leapfrog_put_chars */
long __leapfrog_put_chars(char *buf, long limit, long pos, const char *s, long n) {
  long i = 0;
  for (; i < n; i++)
    if (pos + i < limit)
      buf[pos + i] = s[i];
  return pos + i;
}
/* model: __leapfrog_put_string */
long __leapfrog_put_string(char *buf, long limit, long pos, const char *s, long precision) {
  /* (Without a precision, precision is LONG_MAX: the bytes up to the terminator are read.) */
  long i = 0;
  for (; i < precision && s[i] != 0; i++)
    if (pos + i < limit)
      buf[pos + i] = s[i];
  return pos + i;
}
/* model: __leapfrog_put_string_padded */
long __leapfrog_put_string_padded(char *buf, long limit, long pos, const char *s, long precision,
                                  long width, int left) {
  long n = 0;
  while (n < precision && s[n] != 0)
    n++;
  if (!left)
    pos = __leapfrog_put_fill(buf, limit, pos, ' ', width - n);
  pos = __leapfrog_put_string(buf, limit, pos, s, n);
  if (left)
    pos = __leapfrog_put_fill(buf, limit, pos, ' ', width - n);
  return pos;
}
/* model: __leapfrog_put_char_padded */
long __leapfrog_put_char_padded(char *buf, long limit, long pos, int c, long width, int left) {
  if (!left)
    pos = __leapfrog_put_fill(buf, limit, pos, ' ', width - 1);
  pos = __leapfrog_put_char(buf, limit, pos, c);
  if (left)
    pos = __leapfrog_put_fill(buf, limit, pos, ' ', width - 1);
  return pos;
}
/* model: __leapfrog_decimal_digits */
long __leapfrog_decimal_digits(unsigned long long m) {
  if (m < 10ull) return 1;
  if (m < 100ull) return 2;
  if (m < 1000ull) return 3;
  if (m < 10000ull) return 4;
  if (m < 100000ull) return 5;
  if (m < 1000000ull) return 6;
  if (m < 10000000ull) return 7;
  if (m < 100000000ull) return 8;
  if (m < 1000000000ull) return 9;
  if (m < 10000000000ull) return 10;
  if (m < 100000000000ull) return 11;
  if (m < 1000000000000ull) return 12;
  if (m < 10000000000000ull) return 13;
  if (m < 100000000000000ull) return 14;
  if (m < 1000000000000000ull) return 15;
  if (m < 10000000000000000ull) return 16;
  if (m < 100000000000000000ull) return 17;
  if (m < 1000000000000000000ull) return 18;
  if (m < 10000000000000000000ull) return 19;
  return 20;
}
/* model: __leapfrog_hex_digits */
long __leapfrog_hex_digits(unsigned long long m) {
  if (m < 0x10ull) return 1;
  if (m < 0x100ull) return 2;
  if (m < 0x1000ull) return 3;
  if (m < 0x10000ull) return 4;
  if (m < 0x100000ull) return 5;
  if (m < 0x1000000ull) return 6;
  if (m < 0x10000000ull) return 7;
  if (m < 0x100000000ull) return 8;
  if (m < 0x1000000000ull) return 9;
  if (m < 0x10000000000ull) return 10;
  if (m < 0x100000000000ull) return 11;
  if (m < 0x1000000000000ull) return 12;
  if (m < 0x10000000000000ull) return 13;
  if (m < 0x100000000000000ull) return 14;
  if (m < 0x1000000000000000ull) return 15;
  return 16;
}
/* model: __leapfrog_put_decimal_digits */
long __leapfrog_put_decimal_digits(char *buf, long limit, long pos, unsigned long long m, long n) {
  /* The n lowest decimal digits of m (n >= 0), the last one first. */
  for (long k = n - 1; k >= 0; k--) {
    if (pos + k < limit)
      buf[pos + k] = (char)('0' + m % 10u);
    m /= 10u;
  }
  return pos + n;
}
/* model: __leapfrog_put_hex_digits */
long __leapfrog_put_hex_digits(char *buf, long limit, long pos, unsigned long long m, long n,
                               int upper) {
  for (long k = n - 1; k >= 0; k--) {
    int d = (int)(m % 16u);
    if (pos + k < limit)
      buf[pos + k] = (char)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + (d - 10));
    m /= 16u;
  }
  return pos + n;
}
/* model: __leapfrog_put_decimal */
long __leapfrog_put_decimal(char *buf, long limit, long pos, unsigned long long m, int negative) {
  /* %u, %d: the magnitude m after a '-' when negative. */
  if (negative)
    pos = __leapfrog_put_char(buf, limit, pos, '-');
  return __leapfrog_put_decimal_digits(buf, limit, pos, m, __leapfrog_decimal_digits(m));
}
/* model: __leapfrog_put_hex */
long __leapfrog_put_hex(char *buf, long limit, long pos, unsigned long long m, int upper) {
  return __leapfrog_put_hex_digits(buf, limit, pos, m, __leapfrog_hex_digits(m), upper);
}
/* model: __leapfrog_put_signed */
long __leapfrog_put_signed(char *buf, long limit, long pos, long long x) {
  /* (The magnitude of x without overflow, also for LLONG_MIN.) */
  unsigned long long m = x < 0 ? (unsigned long long)-(x + 1) + 1 : (unsigned long long)x;
  return __leapfrog_put_decimal(buf, limit, pos, m, x < 0);
}
/* model: __leapfrog_put_number */
long __leapfrog_put_number(char *buf, long limit, long pos, unsigned long long m, int negative,
                           int hex, int upper, long width, long precision, char pad, int left) {
  /* An integer with a width or a precision: the magnitude m in base 10 (or 16 when hex) after a
     '-' when negative, with at least precision digits (none for 0 with precision 0; precision is
     -1 when not given), in a field of width characters: padded with spaces on the right (left),
     or else on the left with pad (' ', or '0' after the sign; '0' comes without a precision).
     One loop writes the field from its last character to its first, the digits as it reaches
     them, every character at pos + j with 0 <= j < total (which analyses relate). */
  long digits = hex ? __leapfrog_hex_digits(m) : __leapfrog_decimal_digits(m);
  if (precision == 0 && m == 0)
    digits = 0;
  long body = precision > digits ? precision : digits;
  long length = negative + body;
  long total = width > length ? width : length;
  int zeros = !left && pad == '0';
  /* The number (sign, zeros, digits) spans [lead, lead + span) of the field, the digits at its
     end. */
  long lead = left || zeros ? 0 : total - length;
  long span = zeros ? total : length;
  for (long j = total - 1; j >= 0; j--) {
    char c = ' ';
    if (j >= lead + span - digits && j < lead + span) {
      int d = (int)(hex ? m % 16u : m % 10u);
      c = (char)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + (d - 10));
      m = hex ? m / 16u : m / 10u;
    } else if (j >= lead && j < lead + span) {
      c = negative && j == lead ? '-' : '0';
    }
    if (pos + j < limit)
      buf[pos + j] = c;
  }
  return pos + total;
}
/* model: __leapfrog_put_signed_number */
long __leapfrog_put_signed_number(char *buf, long limit, long pos, long long x, long width,
                                  long precision, char pad, int left) {
  unsigned long long m = x < 0 ? (unsigned long long)-(x + 1) + 1 : (unsigned long long)x;
  return __leapfrog_put_number(buf, limit, pos, m, x < 0, 0, 0, width, precision, pad, left);
}
/* model: __leapfrog_put_end */
int __leapfrog_put_end(char *buf, long limit, long pos) {
  /* The terminator, at the end of the output or at limit when it is cut there (none for
     snprintf with n == 0); the value: the length of the whole output, or -1 past INT_MAX. */
  if (limit >= 0)
    buf[pos < limit ? pos : limit] = 0;
  return pos <= 2147483647 ? (int)pos : -1;
}
/* model: __leapfrog_snprintf_limit */
long __leapfrog_snprintf_limit(__leapfrog_size_t n) {
  /* The positions snprintf(buf, n, ...) may write below: n - 1 (-1 for n == 0). */
  if (n == 0)
    return -1;
  if (n - 1 > (__leapfrog_size_t)-1 >> 1)
    return (long)((__leapfrog_size_t)-1 >> 1);
  return (long)(n - 1);
}
