//! terminate: not TRUE
/* Found in review: a block freed through a pointer loaded from memory makes the memory checks
   forget the heap (their later checks fail on purpose); taken as assumptions, they cut off this
   memory-safe loop, which runs forever when every input is 1. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int v; };
int main(void) {
  struct node *head = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    head = n;
    free(head->next);
    head->v = 2;
  }
  free(head);
  return 0;
}
