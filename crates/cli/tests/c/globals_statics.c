/* Globals: zero-initialized scalars and arrays, initialized scalars, arrays (partial), structs
   (nested, designated), pointers to globals and into global arrays, string pointers and char
   arrays, a global pointer to a global struct's field, constant expressions in initializers
   (sizeof, enum, arithmetic, casts), `extern` declarations before the definition and inside a
   function, globals modified by functions; `static` locals keeping their value across calls (and
   distinct between functions), and static local arrays and pointers. */
extern int __VERIFIER_nondet_int(void);

extern int defined_later;                    /* declared, defined below */
int zero_int;
long zero_arr[5];
int answer = 42;
unsigned char bytes[6] = { 1, 2, 3 };
int matrix[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
struct config { int id; struct { short lo, hi; } range; const char *name; } cfg = { 7, { -1, 9 }, "cfg" };
struct config cfgs[2] = { [1] = { .id = 3, .range.hi = 4 } };
int *p_answer = &answer;
int *p_mid = &matrix[1][1];
short *p_hi = &cfg.range.hi;
const char *greeting = "hello";
char word[] = "world";
enum { SIZE = 4 };
int computed[SIZE * 2] = { [SIZE] = sizeof(struct config), [SIZE + 1] = (int)(char)300, 1 << 4 };
int defined_later = 17;

static int counter(void) {
  static int calls;                          /* zero, once */
  static int base = 100;
  calls++;
  base -= 10;
  return calls * 1000 + base;
}

static int other_counter(void) {
  static int calls = 5;                      /* a different variable */
  return ++calls;
}

static int *static_array(int i) {
  static int storage[4];
  storage[i & 3] += i;
  return storage;
}

static void bump_globals(void) {
  extern int answer;                         /* block-scope extern: the same global */
  answer++;
  zero_arr[2] += 3;
  cfg.range.lo *= 2;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    return zero_int + (int)zero_arr[4] + answer + bytes[2] + bytes[5] + matrix[1][2] + cfg.id + cfg.range.lo
           + cfg.range.hi + cfg.name[1] + cfgs[1].id + cfgs[1].range.hi + cfgs[0].id;
    /* 0 + 0 + 42 + 3 + 0 + 6 + 7 - 1 + 9 + 'f'(102) + 3 + 4 + 0 = 175 */
  }
  if (sel == 1) {
    *p_answer += 1;
    *p_mid *= 10;                            /* matrix[1][1] = 50 */
    *p_hi = 20;
    return answer + matrix[1][1] + cfg.range.hi + greeting[4] + word[0] + sizeof(word) + defined_later;
    /* 43 + 50 + 20 + 'o'(111) + 'w'(119) + 6 + 17 = 366 */
  }
  if (sel == 2) {
    return computed[4] + computed[5] + computed[6] + computed[7] + computed[0];   /* 16 + 44 + 16 */
  }
  if (sel == 3) {
    int n = __VERIFIER_nondet_int();
    int last = 0;
    for (int i = 0; i < n && i < 5; i++) last = counter();
    int o = other_counter() + other_counter();        /* 6 + 7 */
    return last % 256 + o;
  }
  if (sel == 4) {
    bump_globals();
    bump_globals();
    int *s = static_array(1);
    static_array(5);
    s = static_array(2);
    return answer + (int)zero_arr[2] + cfg.range.lo + s[1] + s[2];    /* 44 + 6 - 4 + 6 + 2 */
  }
  return 0;
}
//! run: 0 => exit 175
//! run: 1 => exit 366
//! run: 2 => exit 76
//! run: 3,0 => exit 13
//! run: 3,1 => exit 79
//! run: 3,3 => exit 267
//! run: 3,9 => exit 199
//! run: 4 => exit 54
