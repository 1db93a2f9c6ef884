//! verify --property memsafety: TRUE
/* Only the pointer field of a struct is copied into another (a block copy of the first 8
   bytes): the destination's length field keeps its own value, so the loop bounded by the
   source's length stays within the block the copied pointer points to. */
#include <stdlib.h>
#include <string.h>
typedef struct {
  char *data;
  int length;
} buf;
int main(void) {
  buf small, view;
  small.data = malloc(4);
  small.length = 4;
  view.length = 16;
  memcpy(&view, &small, sizeof(char *));
  for (int k = 0; k < small.length; k++)
    view.data[k] = 0;
  free(small.data);
  return view.length;
}
