//! verify --property memsafety: FALSE(valid-deref)
/* struct_pointer_field_copied_alone.c with the loop bounded by the destination's length
   field, which the copy of the pointer alone did not change: 16 bytes written into 4. */
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
  for (int k = 0; k < view.length; k++)
    view.data[k] = 0;
  free(small.data);
  return view.length;
}
