//! verify --property memsafety: FALSE(valid-deref)
/* struct_returned_by_value.c with the loop one element past the copied length. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct {
  unsigned char *data;
  int length;
} blob;
static blob make_blob(int length) {
  blob b;
  b.data = malloc((size_t)length);
  b.length = b.data == NULL ? 0 : length;
  return b;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 64)
    return 0;
  blob made = make_blob(n);
  blob copy;
  copy = made;
  for (int k = 0; k <= copy.length; k++)
    copy.data[k] = (unsigned char)k;
  free(made.data);
  return 0;
}
