/* Found by `leapfrog fuzz --seed 7 --start 40 --programs 1` (reduced by hand): a volatile read
   decides whether the loop ends. With fz_vol == -1, `c < x` compares with ULONG_MAX, which the
   even counter never reaches: the program does not terminate. `terminate` answered TRUE by
   concrete execution ("the program's only execution ends"), as the front end reads volatile
   objects as ordinary ones (0 here). Expected: not TRUE. */
volatile int fz_vol;

int main(void) {
  int x = fz_vol;
  unsigned long c = 0;
  do {
    c += 2;
  } while (c < x);
  return 0;
}
