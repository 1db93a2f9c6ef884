/* Conversions between pointers and integers, computed by the interpreter (the analyses keep the
   results arbitrary): every object has an address of its own, aligned far more than any type
   needs, so only results that do not depend on where objects are can agree with gcc's — the
   alignment of an element, a memcpy through `unsigned long` as TACLeBench's susan does, a round
   trip back to the pointer, differences within an object, null as 0. A pointer truncated to 32
   bits, or an address outside any object, cannot be dereferenced (undefined behaviour). */
#include <stddef.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static int table[8] = { 10, 11, 12, 13, 14, 15, 16, 17 };
static char text[12] = "leapfrog";

/* susan's memcpy: the addresses as integers, a byte at a time. */
static void *copy(void *dstpp, const void *srcpp, size_t len) {
  unsigned long int dstp = (long int)dstpp;
  unsigned long int srcp = (long int)srcpp;
  while (len > 0) {
    char x = ((char *)srcp)[0];
    ((char *)dstp)[0] = x;
    dstp += 1;
    srcp += 1;
    len -= 1;
  }
  return dstpp;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {                          /* alignment of the elements of an int array */
    unsigned int r = 0;
    for (int i = 0; i < 8; i++) {
      unsigned long pos = (unsigned long)i;
      unsigned int offset = ((unsigned long)(char *)table + pos) % 4;   /* as susan aligns */
      r = r * 4 + offset;
      r += (unsigned long)&table[i] % 4;
    }
    return r % 251;                        /* offsets 0,1,2,3,0,1,2,3: 0x1b1b % 251 = 162 */
  }
  if (sel == 1) {                          /* memcpy through unsigned long */
    char dst[12] = { 0 };
    copy(dst, text, 9);
    int local[3] = { 0, 0, 0 };
    copy(local, table + 2, sizeof local);
    return (dst[0] == 'l') + 2 * (dst[7] == 'g') + 4 * (dst[8] == 0) + 8 * (local[0] == 12)
           + 16 * (local[2] == 14);        /* 31 */
  }
  if (sel == 2) {                          /* round trips, then dereference */
    int *p = (int *)(unsigned long)&table[3];
    long s = (long)&table[x & 7];
    int *q = (int *)s;
    int *heap = malloc(4 * sizeof(int));
    heap[2] = 40 + x;
    int *h = (int *)((unsigned long)heap + 2 * sizeof(int));
    int before = *((int *)((unsigned long)table - sizeof(int)) + 1);   /* just before the array */
    int r = *p + *q + *h + before;
    free(heap);
    return r;                              /* 13 + (10 + x) + (40 + x) + 10 */
  }
  if (sel == 3) {                          /* differences computed on integers */
    unsigned long a = (unsigned long)&table[1];
    unsigned long b = (unsigned long)&table[6];
    long back = (long)&text[2] - (long)&text[9];
    return (int)((b - a) / sizeof(int)) * 10 + (int)-back + (a < b);   /* 50 + 7 + 1 */
  }
  if (sel == 4) {                          /* null is 0, and 0 is null */
    unsigned long zero = (unsigned long)(x - x);
    char *z = (char *)zero;
    int *none = NULL;
    return ((unsigned long)NULL == 0) + 2 * ((char *)0 == NULL) + 4 * (z == NULL)
           + 8 * ((unsigned long)none == 0) + 16 * ((long)table != 0);   /* 31 */
  }
  if (sel == 5) {                          /* truncated to 32 bits: no longer a pointer */
    unsigned int low = (unsigned int)(unsigned long)&table[1];
    int *p = (int *)(unsigned long)low;
    return *p;
  }
  if (sel == 6) {                          /* an address made from an input */
    int *p = (int *)(long)x;
    if (p == NULL) return 3;
    return *p;
  }
  if (sel == 7) {                          /* past the end through an integer */
    int *p = (int *)((unsigned long)table + 8 * sizeof(int));
    return *p;
  }
  return 0;
}
//! run: 0 => exit 162
//! run: 1 => exit 31
//! run: 2,5 => exit 83
//! run: 3 => exit 58
//! run: 4,9 => exit 31
//! run: 5 => ub
//! run: 6,0 => exit 3
//! run: 6,4096 => ub
//! run: 7 => ub
