/* Leapfrog's models of the C library's string functions: added to a program that calls one of
   them without defining it (each section below is kept only when its function is needed; the
   others become blank lines, so positions in this file stay as written). Each model does what
   the C standard says its function does on valid arguments, reading and writing exactly the
   bytes the standard lets it touch, so the automatic memory checks apply to its accesses.
   Comparisons return the difference of the first differing bytes as unsigned char, as glibc's
   x86-64 code does. */
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
