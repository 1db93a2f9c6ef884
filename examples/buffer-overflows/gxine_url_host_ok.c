/* gxine URL handling, after Ku et al.'s gxine: the host name of a URL such as
   "mms://host:port/path" is found with strchr-like index loops (after the first "//", up to a
   ':', a '/' or the end) and copied, lower-cased, into a fixed buffer; then the port is read. */
extern char __VERIFIER_nondet_char(void);

#define URL_SIZE 48
#define HOST_SIZE 16

int main(void) {
  char url[URL_SIZE];
  char host[HOST_SIZE];
  int i, start = 0, n = 0, port = 0;

  for (i = 0; i < URL_SIZE - 1; i++)
    url[i] = __VERIFIER_nondet_char();
  url[URL_SIZE - 1] = 0;

  /* the host starts after the first "//", or at the start if there is none */
  for (i = 0; url[i] != 0; i++)
    if (url[i] == '/' && url[i + 1] == '/') {
      start = i + 2;
      break;
    }

  /* it ends at ':', '/' or the end of the URL */
  for (i = start; url[i] != 0 && url[i] != ':' && url[i] != '/'; i++) {
    if (n >= HOST_SIZE - 1) /* OK: keeps one byte for the 0 */
      break;
    if (url[i] >= 'A' && url[i] <= 'Z')
      host[n++] = (char)(url[i] - 'A' + 'a');
    else
      host[n++] = url[i];
  }
  host[n] = 0;

  /* the port: the decimal digits after a ':' */
  if (url[i] == ':')
    for (i++; url[i] >= '0' && url[i] <= '9' && port < 10000; i++)
      port = port * 10 + (url[i] - '0');

  return n > 0 && host[0] == 'a' && port == 0;
}
