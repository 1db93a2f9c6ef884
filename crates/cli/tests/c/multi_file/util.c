/* Part of the multi_file program (annotations in main.c). */
int shared_counter;                          /* the definition (zero) */

static int scale(int v) { return v * 3; }
static int hidden = 100;

int add(int a, int b) {
  shared_counter++;
  return a + b;
}

int util_scale(int v) { return scale(v); }
int util_hidden(void) { return hidden; }

int next_ticket(void) {
  static int ticket;
  return ++ticket;
}
