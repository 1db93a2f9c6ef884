/* Universal character names in string literals are read as UTF-8 bytes, as gcc stores them
   (`\u00e9` is two bytes, `\U0001F600` four), and GNU's `\e` is the escape character. GNU's
   128-bit integers are read too; their values are not modelled (arbitrary, an `unsupported`
   diagnostic at the type), so a run that needs one ends as `unsupported`. */
extern int __VERIFIER_nondet_int(void);

static int length(const char *s) {
  int n = 0;
  while (s[n]) n++;
  return n;
}

int main(void) {
  int sel = __VERIFIER_nondet_int();
  if (sel == 0) {
    const char *s = "caf\u00e9";
    return length(s) * 10 + ((unsigned char)s[3] == 0xc3) + ((unsigned char)s[4] == 0xa9);   /* 52 */
  }
  if (sel == 1) {
    const char *t = "\U0001F600!";
    return length(t) * 10 + ((unsigned char)t[0] == 0xf0) + (t[4] == '!');   /* 52 */
  }
  if (sel == 2) {
    return "\e"[0];                          /* 27 */
  }
  if (sel == 3) {
    __int128 big = 1;
    unsigned __int128 ubig = (unsigned __int128)big << 100;
    return (int)(ubig >> 100);               /* 1 natively; not modelled */
  }
  return (int)sizeof(__int128) + (int)sizeof(__uint128_t);   /* 32 */
}
//! run: 0 => exit 52
//! run: 1 => exit 52
//! run: 2 => exit 27
//! run: 3 => unsupported
//! run: 4 => exit 32
