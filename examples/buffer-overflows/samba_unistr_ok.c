/* Samba unistr2_to_ascii() style (Ku et al. Samba): convert a little-endian UCS-2
   string received in a packet to ASCII; the character count comes from the packet
   header (uni_str_len). */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

#define SRCCHARS 8
#define DESTSIZE 24

int main(void) {
  unsigned char src[2 * SRCCHARS];
  char dest[DESTSIZE];
  unsigned char lo, hi;
  int uni_len, i, n;

  for (i = 0; i < 2 * SRCCHARS; i++)
    src[i] = (unsigned char)__VERIFIER_nondet_char();
  uni_len = __VERIFIER_nondet_int(); /* uni_str_len from the header */
  if (uni_len < 0)
    uni_len = 0;
  if (uni_len > SRCCHARS) /* OK: never past the characters actually received */
    uni_len = SRCCHARS;

  n = 0;
  for (i = 0; i < uni_len && n < DESTSIZE - 1; i++) {
    lo = src[2 * i];
    hi = src[2 * i + 1];
    if (lo == 0 && hi == 0)
      break;
    dest[n++] = hi == 0 ? (char)lo : '?';
  }
  dest[n] = 0;

  return dest[0] == '?';
}
