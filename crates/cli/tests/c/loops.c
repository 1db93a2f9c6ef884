/* Control flow: if / else if / else chains, while, do-while (body runs at least once), for with
   declarations (shadowing an outer variable), for with empty parts, nested loops with break and
   continue (affecting only the innermost loop), `do { ... } while (0)` with break, loops whose
   bound is nondeterministic, early return from inside nested loops, and a non-terminating loop
   (step limit). */
extern int __VERIFIER_nondet_int(void);

static int classify(int v) {
  if (v < 0) return 1;
  else if (v == 0) return 2;
  else if (v < 10) { if (v % 2) return 3; else return 4; }
  else if (v < 100) return 5;
  else return 6;
}

static int find_pair(int target) {
  for (int i = 0; i < 10; i++)
    for (int j = i; j < 10; j++)
      if (i * j == target) return i * 10 + j;
  return -1;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (sel == 0) {
    return classify(n) * 10 + classify(-n) + classify(n * 50);
  }
  if (sel == 1) {
    int s = 0, i = 0;
    while (i < n) { s += i; i++; }
    int d = 0;
    do { d++; } while (d < n);                 /* at least once */
    int k;
    for (k = 0;; k++) if (k * k >= n) break;   /* empty condition */
    int i2 = 100;
    for (int i2 = 0; i2 < 3; i2++) s += i2;     /* a new i2 */
    return s + d * 10 + k + i2;
  }
  if (sel == 2) {
    int count = 0;
    for (int i = 0; i < 8; i++) {
      if (i == n) continue;
      for (int j = 0; j < 8; j++) {
        if (j > i) break;
        if ((i + j) % 3 == 0) continue;
        count++;
      }
      if (count > 20) break;
    }
    return count;
  }
  if (sel == 3) {
    int r = 0;
    do {
      r = 1;
      if (n > 5) break;
      r = 2;
      if (n > 2) break;
      r = 3;
    } while (0);
    return r + find_pair(n) + 1;
  }
  if (sel == 4) {
    int i = 0;
    while (1) {
      i++;
      if (i == n) return i;
    }
  }
  if (sel == 5) {
    unsigned u = n;
    int steps = 0;
    while (u != 1 && steps < 1000) {          /* Collatz */
      u = u % 2 ? 3 * u + 1 : u / 2;
      steps++;
    }
    return steps;
  }
  return 0;
}
//! run: 0,7 => exit 37
//! run: 0,0 => exit 24
//! run: 0,-3 => exit 14
//! run: 0,50 => exit 57
//! run: 1,5 => exit 166
//! run: 1,0 => exit 113
//! run: 2,3 => exit 22
//! run: 2,-1 => exit 24
//! run: 3,6 => exit 18
//! run: 3,4 => exit 17
//! run: 3,1 => exit 15
//! run: 3,97 => exit 1
//! run: 4,50 => exit 50
//! run: 4,0 => limit
//! run: 5,27 => exit 111
//! run: 5,6 => exit 8
