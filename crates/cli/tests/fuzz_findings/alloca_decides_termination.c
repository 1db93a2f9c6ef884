/* The fuzzer's generator writes such loops (its `memory_counter` template over an `alloca`ed
   block): h[2] is never written, so it holds anything; when it is odd the loop steps over 0
   forever (signed integers are mathematical under the default semantics). `terminate` answered
   TRUE by concrete execution, as the interpreter reads never-written `alloca` bytes as 0.
   Expected: not TRUE. */
#include <alloca.h>

int main(void) {
  int *h = alloca(4 * sizeof(int));
  h[0] = 1;
  while (h[2] != 0) {
    h[2] -= 2;
  }
  return 0;
}
