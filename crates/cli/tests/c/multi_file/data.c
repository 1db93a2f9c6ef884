/* Part of the multi_file program (annotations in main.c). */
struct settings { int factor; int offset; };
struct settings config = { 3, 5 };
const char banner[] = "multi-file";
extern int shared_counter;

void bump_twice(void) {
  shared_counter += 2;
}
