/*
 * sendmail 8.8.x, mime.c: mime7to8(), base64 branch (CVE-1999-0047).
 * The decoded bytes are collected in fbuf through the pointer fbufp and
 * flushed with putxline() at a newline or when the buffer is full.
 * Ku et al. style, pointer variant.
 */

#define BASE_SZ 3
#define MAXLINE (3 * BASE_SZ)
#define INSZ 64
#define EOF (-1)
#define EOS 0

extern int nondet_int(void);
extern char nondet_char(void);

static int nread = 0;
static int nlines = 0;

/* stands for sm_io_getc(e->e_dfp): at most INSZ characters, then EOF */
static int r_getc(void)
{
  char c;

  if (nread >= INSZ)
    return EOF;
  nread++;
  c = nondet_char();
  return c;
}

static int r_isascii(int c)
{
  return c >= 0 && c <= 127;
}

static int r_isspace(int c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* CHAR64(c): value of the base64 digit c, -1 if c is not one */
static int char64(int c)
{
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

/* stands for putxline(): emits one decoded line */
static void putxline(const char *l, int len)
{
  int i;

  for (i = 0; i < len; i++)
    if (l[i] == EOS)
      break;
  nlines++;
}

int main(void)
{
  char fbuf[MAXLINE];
  char *fbufp;
  int c1, c2, c3, c4;

  fbufp = fbuf;
  while ((c1 = r_getc()) != EOF)
  {
    if (r_isascii(c1) && r_isspace(c1))
      continue;

    do
    {
      c2 = r_getc();
    } while (r_isascii(c2) && r_isspace(c2));
    if (c2 == EOF)
      break;

    do
    {
      c3 = r_getc();
    } while (r_isascii(c3) && r_isspace(c3));
    if (c3 == EOF)
      break;

    do
    {
      c4 = r_getc();
    } while (r_isascii(c4) && r_isspace(c4));
    if (c4 == EOF)
      break;

    if (c1 == '=' || c2 == '=')
      continue;
    c1 = char64(c1);
    c2 = char64(c2);
    if (c1 < 0 || c2 < 0)
      continue;

    *fbufp = (char) ((c1 << 2) | ((c2 & 0x30) >> 4));
    if (*fbufp++ == '\n' || fbufp >= &fbuf[MAXLINE])
    {
      if (*--fbufp != '\n' || (fbufp > fbuf && *--fbufp != '\r'))
        fbufp++;
      putxline(fbuf, (int) (fbufp - fbuf));
      fbufp = fbuf;
    }
    if (c3 == '=')
      continue;
    c3 = char64(c3);
    if (c3 < 0)
      continue;

    *fbufp = (char) (((c2 & 0x0f) << 4) | ((c3 & 0x3c) >> 2));
    if (*fbufp++ == '\n' || fbufp >= &fbuf[MAXLINE])
    {
      if (*--fbufp != '\n' || (fbufp > fbuf && *--fbufp != '\r'))
        fbufp++;
      putxline(fbuf, (int) (fbufp - fbuf));
      fbufp = fbuf;
    }
    if (c4 == '=')
      continue;
    c4 = char64(c4);
    if (c4 < 0)
      continue;

    *fbufp = (char) (((c3 & 0x03) << 6) | c4);
    if (*fbufp++ == '\n' || fbufp > &fbuf[MAXLINE]) /* BAD */
    {
      if (*--fbufp != '\n' || (fbufp > fbuf && *--fbufp != '\r'))
        fbufp++;
      putxline(fbuf, (int) (fbufp - fbuf));
      fbufp = fbuf;
    }
  }

  if (fbufp > fbuf)
    putxline(fbuf, (int) (fbufp - fbuf));

  return 0;
}
