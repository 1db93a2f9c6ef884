/* switch: fall-through between cases, default in the middle (reached only when no case matches,
   then falls through), case ranges (GNU `case 1 ... 5:`), switch on char and on enum values, a
   switch with no matching case and no default, case labels nested inside blocks and loops
   (Duff's device), break inside a switch inside a loop (leaves the switch only) and continue
   (continues the loop), a switch on an unsigned char (promoted to int: `case -1` never matches).
   goto forward (skipping code), backward (a loop made of goto), into a label inside a block, and
   labels that are only fallen into. */
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

enum op { ADD, SUB, MUL = 10, NEG };

static int fall(int v) {
  int r = 0;
  switch (v) {
    case 0: r += 1;
    case 1: r += 10;
            break;
    default: r += 100;
    case 5: r += 1000;
    case 6: { r += 10000; break; }
    case 7: r = -1;
  }
  return r;
}

static int ranges(int v) {
  switch (v) {
    case -5 ... -1: return 1;
    case 1 ... 5: return 2;
    case 6: case 7 ... 9: return 3;
    case 'a' ... 'z': return 4;
  }
  return 0;
}

static int on_char(char c) {
  switch (c) {
    case 'x': return 1;
    case '\n': return 2;
    case -1: return 3;                     /* '\xff' as a signed char */
    default: return 4;
  }
}

static int on_enum(enum op o, int a, int b) {
  switch (o) {
    case ADD: return a + b;
    case SUB: return a - b;
    case MUL: return a * b;
    case NEG: return -a;
  }
  return 99;
}

static int duff(int count) {
  int total = 0;
  int n = (count + 3) / 4;
  switch (count % 4) {
    case 0: do { total += 1;
    case 3:      total += 1;
    case 2:      total += 1;
    case 1:      total += 1;
            } while (--n > 0);
  }
  return total;
}

static int goto_sum(int n) {
  int i = 0, s = 0;
loop:
  if (i >= n) goto done;
  s += i;
  i++;
  goto loop;
done:
  return s;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (sel == 0) return fall(v) % 256 + (fall(v) > 10000);
  if (sel == 1) return ranges(v) * 10 + ranges(-v);
  if (sel == 2) return on_char(__VERIFIER_nondet_char()) + on_char(v) * 10;
  if (sel == 3) return on_enum(v, 7, 3) + 100;
  if (sel == 4) return duff(v) + goto_sum(v);
  if (sel == 5) {
    int r = 0;
    for (int i = 0; i < 6; i++) {
      switch (i % 3) {
        case 0: r += 1; break;            /* leaves the switch, not the loop */
        case 1: if (i == v) continue; r += 10; break;
        default: r += 100;
      }
      r += 1000;
    }
    unsigned char uc = v;
    switch (uc) { case -1: r += 4; break; case 255: r += 1; break; case 0: r += 2; }   /* promoted: -1 never matches */
    switch (v) { case 100: r = 0; }       /* no default */
    return r % 256;
  }
  if (sel == 6) {
    int r = 0;
    if (v > 3) goto skip;
    r += 5;
  skip:
    r += 1;
    if (v == 0) goto inner;
    r += 20;
    {
      r += 300;
    inner:
      r += 4000;
    }
    return r % 256 + r / 1000;
  }
  return 0;
}
//! run: 0,0 => exit 11
//! run: 0,1 => exit 10
//! run: 0,2 => exit 93
//! run: 0,5 => exit 249
//! run: 0,6 => exit 16
//! run: 0,7 => exit -1
//! run: 1,3 => exit 21
//! run: 1,-3 => exit 12
//! run: 1,8 => exit 30
//! run: 1,0 => exit 0
//! run: 1,100 => exit 40
//! run: 2,120,10 => exit 12
//! run: 2,-1,255 => exit 33
//! run: 2,5,-1 => exit 43
//! run: 3,0 => exit 110
//! run: 3,1 => exit 104
//! run: 3,10 => exit 121
//! run: 3,11 => exit 93
//! run: 3,2 => exit 199
//! run: 4,0 => exit 4
//! run: 4,5 => exit 15
//! run: 4,7 => exit 28
//! run: 5,1 => exit 92
//! run: 5,4 => exit 92
//! run: 5,-1 => exit 79
//! run: 5,100 => exit 0
//! run: 6,0 => exit 170
//! run: 6,2 => exit 234
//! run: 6,9 => exit 229
