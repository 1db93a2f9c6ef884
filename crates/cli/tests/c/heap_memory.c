/* The heap and memory builtins: malloc of an int array and of a struct (with a pointer field to
   another heap block: a heap-allocated linked list), calloc (zeroed), free (also free(NULL)),
   memset (bytes, so memset(p, 1, ...) makes ints 0x01010101), memcpy of arrays and structs,
   memmove with overlap; and the ub cases: use after free, double free, freeing a non-heap
   pointer, reading past the end of a heap block, and memcpy past the end. */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);

struct item { int key; long payload; struct item *next; };

static struct item *push(struct item *head, int key) {
  struct item *it = malloc(sizeof *it);
  it->key = key;
  it->payload = key * 100L;
  it->next = head;
  return it;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 50) return 255;
  if (sel == 0) {
    int *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) a[i] = i * 3;
    int *z = calloc(n, sizeof(int));
    int s = 0;
    for (int i = 0; i < n; i++) s += a[i] + z[i];
    free(a);
    free(z);
    free(NULL);
    return s % 256;
  }
  if (sel == 1) {
    struct item *head = 0;
    for (int i = 1; i <= n; i++) head = push(head, i);
    long total = 0;
    int count = 0;
    while (head) {
      struct item *next = head->next;
      total += head->payload + head->key;
      count++;
      free(head);
      head = next;
    }
    return (int)(total % 256) + count;
  }
  if (sel == 2) {
    int buf[8];
    memset(buf, 0, sizeof buf);
    memset(buf, 1, 2 * sizeof(int));           /* buf[0] = buf[1] = 0x01010101 */
    int copy[8];
    memcpy(copy, buf, sizeof buf);
    struct item a = { 7, 9, 0 }, b;
    memcpy(&b, &a, sizeof a);
    char text[10] = "abcdefgh";
    memmove(text + 1, text, 5);                /* overlap: "aabcdegh" */
    return (copy[1] == 0x01010101) + copy[2] + b.key + (int)b.payload + text[1] + text[5] + text[6];
  }
  if (sel == 3) {
    int *p = malloc(4 * sizeof(int));
    p[0] = n;
    free(p);
    return p[0];                               /* use after free */
  }
  if (sel == 4) {
    int *p = malloc(sizeof(int));
    free(p);
    free(p);                                   /* double free */
    return 0;
  }
  if (sel == 5) {
    int *p = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) p[i] = i;
    int k = __VERIFIER_nondet_int();
    int v = p[k];                              /* ub when k >= n or k < 0 */
    free(p);
    return v;
  }
  if (sel == 6) {
    int local = 5;
    int *p = &local;
    if (n == 2) p = malloc(sizeof(int));
    free(p);                                   /* ub unless it came from malloc */
    return 6;
  }
  if (sel == 7) {
    char *dst = malloc(4);
    char src[8] = "1234567";
    memcpy(dst, src, n);                       /* ub when n > 4 */
    int r = dst[0];
    free(dst);
    return r;
  }
  return 0;
}
//! run: 0,10 => exit 135
//! run: 0,1 => exit 0
//! run: 0,0 => exit 255
//! run: 1,3 => exit 97
//! run: 1,50 => exit 57
//! run: 2,1 => exit 318
//! run: 3,5 => ub
//! run: 4,1 => ub
//! run: 5,5,4 => exit 4
//! run: 5,5,5 => ub
//! run: 5,5,-1 => ub
//! run: 6,2 => exit 6
//! run: 6,3 => ub
//! run: 7,4 => exit 49
//! run: 7,5 => ub
