/* MySQL 4.1 check_connection() (sql_parse.cc) style, after Ku et al.'s MySQL: the client's
   authentication packet holds the user name, ended by a 0, then the scramble, prefixed by its
   length byte. The server walks the packet with end checks and unmasks the scramble, byte by
   byte with its password-scrambling generator, into a fixed buffer (cf. CVE-2004-0628, where a
   long scramble overflowed check_scramble_323's stack buffer). */
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

#define PKT_SIZE 40
#define SCRAMBLE_LEN 8
#define MAX_SEED 0x3FFFFFFFUL

int main(void) {
  char pkt[PKT_SIZE];
  char buff[SCRAMBLE_LEN];
  const char *p, *end = pkt + PKT_SIZE;
  unsigned long seed1, seed2;
  int i, len;

  for (i = 0; i < PKT_SIZE; i++)
    pkt[i] = __VERIFIER_nondet_char();
  seed1 = (unsigned long)(unsigned)__VERIFIER_nondet_int() % MAX_SEED;
  seed2 = (unsigned long)(unsigned)__VERIFIER_nondet_int() % MAX_SEED;

  p = pkt;
  while (p < end && *p) /* the user name */
    p++;
  if (end - p < 2) /* no room for its 0 and the length byte */
    return 0;
  p++;
  len = (unsigned char)*p++; /* the scramble's length */
  if (len > end - p || len > SCRAMBLE_LEN) /* OK: the scramble fits in the packet and in buff */
    return 0;

  for (i = 0; i < len; i++) {
    seed1 = (seed1 * 3 + seed2) % MAX_SEED;
    seed2 = (seed1 + seed2 + 33) % MAX_SEED;
    buff[i] = (char)(*p++ ^ (int)(seed1 % 31 + 64));
  }

  return len == SCRAMBLE_LEN && buff[0] == 'A';
}
