//! verify --property memsafety: TRUE
/* A callee fills a record of its caller's frame (given its address) with a heap block and its
   length, and returns the record's address or NULL (as gethostbyname_r does). The caller copies
   at most the block's length out of it and frees it: the block is followed through the
   record's pointer field, and the record's address does not outlive the caller. */
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
  memcpy(ip, hp->addr, hp->length < 4 ? (size_t)hp->length : sizeof(ip));
  free(hp->addr);
  return ip[0] + ip[3];
}
int main(void) {
  return connect_to() > 0;
}
