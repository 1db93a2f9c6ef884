/*
 * Samba 3.0.4, lib/util_str.c: base64_decode_data_blob() and
 * base64_decode_inplace(), called by SWAT on the credentials of an
 * "Authorization: Basic" header (CVE-2004-0600).
 * Ku et al. style; the header value is on the heap, its size taken from
 * the input.
 */
#include <stdlib.h>
#include <string.h>

#define BASE_SZ 4
#define MAXLEN (8 * BASE_SZ)
#define EOS 0

extern int nondet_int(void);
extern char nondet_char(void);

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

typedef struct {
  unsigned char *data;
  int length;
} DATA_BLOB;

static DATA_BLOB data_blob(const void *p, int length)
{
  DATA_BLOB ret;

  ret.data = malloc((size_t) length);
  if (ret.data == NULL) {
    ret.length = 0;
    return ret;
  }
  memcpy(ret.data, p, (size_t) length);
  ret.length = length;
  return ret;
}

static void data_blob_free(DATA_BLOB *d)
{
  free(d->data);
  d->data = NULL;
  d->length = 0;
}

static DATA_BLOB base64_decode_data_blob(const char *s)
{
  int bit_offset, byte_offset, idx, i, n;
  DATA_BLOB decoded = data_blob(s, (int) strlen(s) + 1);
  unsigned char *d = decoded.data;
  const char *p;

  if (d == NULL)
    return decoded;

  n = i = 0;

  while (*s && (p = strchr(b64, *s))) {
    idx = (int) (p - b64);
    byte_offset = (i * 6) / 8;
    bit_offset = (i * 6) % 8;
    d[byte_offset] &= (unsigned char) ~((1 << (8 - bit_offset)) - 1);
    if (bit_offset < 3) {
      d[byte_offset] |= (unsigned char) (idx << (2 - bit_offset));
      n = byte_offset + 1;
    } else {
      d[byte_offset] |= (unsigned char) (idx >> (bit_offset - 2));
      d[byte_offset + 1] = 0;
      d[byte_offset + 1] |= (unsigned char) ((idx << (8 - (bit_offset - 2))) & 0xFF);
      n = byte_offset + 2;
    }
    s++;
    i++;
  }

  if ((n > 0) && (*s == '=')) { /* OK */
    n -= 1;
  }

  /* fix up length */
  decoded.length = n;
  return decoded;
}

static void base64_decode_inplace(char *s)
{
  DATA_BLOB decoded = base64_decode_data_blob(s);
  int k;

  if (decoded.length != 0) {
    for (k = 0; k < decoded.length; k++)
      s[k] = (char) decoded.data[k];
    /* null terminate */
    s[decoded.length] = EOS;
  } else {
    *s = EOS;
  }

  data_blob_free(&decoded);
}

/* cgi_handle_authorization(): "user:password" after decoding */
static int cgi_handle_authorization(char *line)
{
  char *p;
  const char *user, *pass;

  base64_decode_inplace(line);
  if (!(p = strchr(line, ':')))
    return 0;
  *p = EOS;
  user = line;
  pass = p + 1;
  return user[0] != EOS && pass[0] != EOS;
}

int main(void)
{
  char *line;
  int len, i;

  len = nondet_int();
  if (len < 1 || len > MAXLEN)
    return 0;
  line = malloc((size_t) len);
  if (line == NULL)
    return 0;
  for (i = 0; i < len - 1; i++)
    line[i] = nondet_char();
  line[len - 1] = EOS;

  cgi_handle_authorization(line);

  free(line);
  return 0;
}
