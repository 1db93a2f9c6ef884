/* The shape of `leapfrog fuzz --seed 11` programs 162, 198 and 248 (wrong TRUEs of `verify`;
   reduced by hand): a volatile read decides the assertion. The front end reads volatile objects
   as ordinary ones (`ctypes.rs` drops the qualifier; no `havoc volatile` is emitted), so the
   program looks deterministic and `verify` answered TRUE by concrete execution. With
   fz_vol != 0, reach_error is called. Expected: FALSE or UNKNOWN. */
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "a.c", 3, "reach_error"); }
volatile int fz_vol;
int main(void) {
  int x = fz_vol;
  int i = 0;
  while (i < 100000) { i++; }
  if (x != 0) reach_error();
  return 0;
}
