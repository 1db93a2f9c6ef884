/* OpenSER name-addr parsing style, after Ku et al.'s OpenSER: the URI of a From/To/Contact
   header body such as "Bob <sip:bob@host>;tag=1" lies between '<' and '>'. Both are found with
   strchr, and the URI, kept as a (pointer, length) pair like OpenSER's str, is copied with
   memcpy and a length computed from the two pointers. */
#include <string.h>

extern char __VERIFIER_nondet_char(void);

#define BODY_SIZE 48
#define URI_SIZE 16

struct str {
  const char *s;
  int len;
};

int main(void) {
  char body[BODY_SIZE];
  char uri_buf[URI_SIZE];
  struct str uri;
  const char *lt, *gt;
  int i, at = 0;

  for (i = 0; i < BODY_SIZE - 1; i++)
    body[i] = __VERIFIER_nondet_char();
  body[BODY_SIZE - 1] = 0;

  lt = strchr(body, '<');
  gt = strchr(body, '>');
  if (lt == NULL || gt == NULL) { /* no name-addr: the whole body is the URI */
    uri.s = body;
    uri.len = (int)strlen(body);
  } else {
    uri.s = lt + 1;
    uri.len = (int)(gt - lt - 1);
  }
  if (uri.len >= URI_SIZE) /* BAD: a '>' before the '<' gives a negative length, which passes */
    return 0;

  memcpy(uri_buf, uri.s, (size_t)uri.len);
  uri_buf[uri.len] = 0;
  for (i = 0; uri_buf[i] != 0; i++)
    if (uri_buf[i] == '@')
      at++;

  return at;
}
