/* A union initialized through several designators keeps only the last member initialized
   (C11 6.7.9p19; gcc): the bytes of the earlier member are zero again, at file scope and in a
   function. Designators into one member's elements add up. */
//! run: 0 => exit 50
//! run: 1 => exit 50
//! run: 2 => exit 12
extern int __VERIFIER_nondet_int(void);

union u2 { int a[2]; int b; };
union u2 g = { .a = { 7, 9 }, .b = 5 };
union u2 h = { .a[0] = 1, .a[1] = 2 };

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0)
    return g.a[0] * 10 + g.a[1];
  if (sel == 1) {
    union u2 l = { .a = { 3, 4 }, .b = 5 };
    return l.a[0] * 10 + l.a[1];
  }
  return h.a[0] * 10 + h.a[1];
}
