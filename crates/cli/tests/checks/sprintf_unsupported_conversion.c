//! verify --property memsafety: not TRUE
/* %p is not lowered: the call stays an extern call writing through its pointer argument, whose
   accesses are not checked (the answer cannot be TRUE), as before sprintf was modelled. */
#include <stdio.h>
int main(void) {
  char out[4];
  int x = 0;
  return sprintf(out, "%p", (void *)&x);
}
