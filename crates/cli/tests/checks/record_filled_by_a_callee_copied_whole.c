//! verify --property memsafety: FALSE(valid-deref)
/* record_filled_by_a_callee.c with the copy's length not limited to the destination: the
   block's whole length (up to 16 bytes) is copied into a 4-byte array. */
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
struct answer {
  int length;
  char *addr;
};
static struct answer *lookup(struct answer *result) {
  int len = __VERIFIER_nondet_int();
  if (len <= 0 || len > 16)
    return NULL;
  result->length = len;
  result->addr = malloc((size_t)len);
  if (result->addr == NULL)
    return NULL;
  for (int i = 0; i < len; i++)
    result->addr[i] = __VERIFIER_nondet_char();
  return result;
}
static int connect_to(void) {
  unsigned char ip[4];
  struct answer tmp, *hp;
  memset(ip, 0, sizeof(ip));
  hp = lookup(&tmp);
  if (!hp)
    return -1;
  memcpy(ip, hp->addr, (size_t)hp->length);
  free(hp->addr);
  return ip[0] + ip[3];
}
int main(void) {
  return connect_to() > 0;
}
