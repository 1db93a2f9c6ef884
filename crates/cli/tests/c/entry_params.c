/* A program without main: the entry is the one function nobody calls, and its parameters are the
   first nondeterministic values, each converted to its parameter's type (an unsigned char
   parameter given 300 is 44, a long parameter keeps values beyond 32 bits); values read inside
   follow them in the stream. */
extern int __VERIFIER_nondet_int(void);

static int weigh(int a, unsigned char b, long c) {
  int big = c > 4294967295L;
  return a * 2 + b + big * 100;
}

int check(int a, unsigned char b, long c) {
  int extra = __VERIFIER_nondet_int();
  if (extra < 0) return 255;
  return weigh(a, b, c) + extra;
}
//! run: 1,2,3,4 => exit 8
//! run: 10,300,4294967296,0 => exit 164
//! run: 0,0,0,-1 => exit 255
//! run: => exit 0
