#ifndef LF_NATIVE
#define LF_ENTRY(id)
#define LF_BODY(id)
#endif
/* The inner loop's bound names the outer counter (`max(0, i)`), whose entry values are not
   constants; floating-point arithmetic keeps the interpreter from running the program to its
   end. The octagon fact `i <= 9` at the inner header, proven at the loop's entry, gives the
   exact `max` 9. */

float weight = 0.5f;

int run(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    weight = weight * 1.5f;
    LF_ENTRY(1);
    for (int j = 0; j < i; j++) {
      LF_BODY(1);
      s++;
    }
  }
  return s;
}

int main(void) {
  return run(10) == 45 && weight > 0.0f ? 0 : 1;
}
// deterministic: main reads no input
// expect 1: max 9
