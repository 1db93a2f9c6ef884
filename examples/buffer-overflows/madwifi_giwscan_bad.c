/* MADWiFi giwscan_cb() / encode_ie() (CVE-2006-6332), after Ku et al.: print the WPA
   information element of a received beacon as hex digits, after a leader, into a fixed
   stack buffer; the element length comes from the beacon. */
extern char __VERIFIER_nondet_char(void);

#define IEMAX 32
#define BUFSIZE 32

static const char hexdig[] = "0123456789abcdef";

static int encode_ie(char *buf, int bufsize, const unsigned char *ie, int ielen,
                     const char *leader, int leader_len) {
  char *p = buf;
  int i;

  if (bufsize < leader_len + 1)
    return 0;
  for (i = 0; i < leader_len; i++)
    *p++ = leader[i];
  bufsize -= leader_len;
  for (i = 0; i < ielen && bufsize > 2; i++) {
    *p++ = hexdig[ie[i] >> 4];
    *p++ = hexdig[ie[i] & 0x0f];
    /* BAD: bufsize is not decreased by the two digits written */
  }
  *p = 0;
  return (int)(p - buf);
}

int main(void) {
  static const char leader[] = "wpa_ie=";
  unsigned char ie[IEMAX];
  char buf[BUFSIZE];
  int i, ielen, n;

  for (i = 0; i < IEMAX; i++)
    ie[i] = (unsigned char)__VERIFIER_nondet_char();
  ielen = ie[1] + 2; /* element id, length byte, body */
  if (ielen > IEMAX)
    ielen = IEMAX;
  n = encode_ie(buf, BUFSIZE, ie, ielen, leader, (int)sizeof leader - 1);

  return n > 0 && buf[n - 1] == '0';
}
