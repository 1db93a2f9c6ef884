/*
 * Apache 1.3.28, mod_alias.c: try_alias_list(), with util.c's ap_pregsub()
 * (CVE-2003-0542).  The matches of an AliasMatch regular expression are
 * stored in the fixed array regm; a pattern with many parenthesized
 * captures asks for more matches than regm holds.
 * Ku et al. style; ap_pregsub() walks the template with src and dst.
 */
#include <stdlib.h>
#include <string.h>

#define BASE_SZ 2
#define AP_MAX_REG_MATCH (BASE_SZ + 2)
#define PATSZ (8 * BASE_SZ)
#define URISZ (8 * BASE_SZ)
#define REALSZ (8 * BASE_SZ)
#define EOS 0

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

typedef struct {
  int rm_so;
  int rm_eo;
} regmatch_t;

typedef struct {
  int re_nsub;
  const char *pattern;
} regex_t;

typedef struct {
  const char *real;
  const char *fake;
  regex_t *regexp;
} alias_entry;

static int r_isdigit(char c)
{
  return c >= '0' && c <= '9';
}

/* stands for ap_pregcomp(): counts the parenthesized subexpressions */
static int ap_regcomp(regex_t *re, const char *pattern)
{
  const char *p;

  re->re_nsub = 0;
  re->pattern = pattern;
  for (p = pattern; *p != EOS; p++) {
    if (*p == '\\') {
      if (p[1] == EOS)
        return 1;
      p++;
      continue;
    }
    if (*p == '(')
      re->re_nsub++;
  }
  return 0;
}

/* stands for regexec(): on a match, fills pmatch[0..nmatch-1] */
static int ap_regexec(const regex_t *re, const char *string, int nmatch,
                      regmatch_t pmatch[])
{
  int i, so, eo, len = (int) strlen(string);

  if (__VERIFIER_nondet_int() == 0)
    return 1; /* REG_NOMATCH */
  for (i = 0; i < nmatch; i++) {
    if (i <= re->re_nsub) {
      so = __VERIFIER_nondet_int();
      eo = __VERIFIER_nondet_int();
      if (so < 0 || so > len)
        so = 0;
      if (eo < so || eo > len)
        eo = len;
      pmatch[i].rm_so = so;
      pmatch[i].rm_eo = eo;
    } else {
      pmatch[i].rm_so = -1;
      pmatch[i].rm_eo = -1;
    }
  }
  return 0;
}

static char *ap_pregsub(const char *input, const char *source, int nmatch,
                        regmatch_t pmatch[])
{
  const char *src = input;
  char *dest, *dst;
  char c;
  int no;
  int len;

  if (!source)
    return NULL;

  /* First pass, find the size */
  len = 0;
  while ((c = *src++) != EOS) {
    if (c == '&')
      no = 0;
    else if (c == '$' && r_isdigit(*src))
      no = *src++ - '0';
    else
      no = 10;

    if (no > 9) { /* Ordinary character. */
      if (c == '\\' && (*src == '$' || *src == '&'))
        c = *src++;
      len++;
    } else if (no < nmatch && pmatch[no].rm_so < pmatch[no].rm_eo) {
      len += pmatch[no].rm_eo - pmatch[no].rm_so;
    }
  }

  dest = dst = malloc((size_t) len + 1); /* ap_pcalloc */
  if (dest == NULL)
    return NULL;

  /* Now actually fill in the string */
  src = input;
  while ((c = *src++) != EOS) {
    if (c == '&')
      no = 0;
    else if (c == '$' && r_isdigit(*src))
      no = *src++ - '0';
    else
      no = 10;

    if (no > 9) { /* Ordinary character. */
      if (c == '\\' && (*src == '$' || *src == '&'))
        c = *src++;
      *dst++ = c;
    } else if (no < nmatch && pmatch[no].rm_so < pmatch[no].rm_eo) {
      len = pmatch[no].rm_eo - pmatch[no].rm_so;
      memcpy(dst, source + pmatch[no].rm_so, (size_t) len);
      dst += len;
    }
  }
  *dst = EOS;

  return dest;
}

static char *try_alias_list(const char *uri, alias_entry *p)
{
  regmatch_t regm[AP_MAX_REG_MATCH];
  char *found = NULL;
  int nmatch;

  if (p->regexp) {
    nmatch = AP_MAX_REG_MATCH; /* OK */
    if (!ap_regexec(p->regexp, uri, nmatch, regm)) {
      if (p->real)
        found = ap_pregsub(p->real, uri, nmatch, regm);
    }
  }
  return found;
}

static void get_string(char *s, int n)
{
  int i;

  for (i = 0; i < n - 1; i++) {
    s[i] = __VERIFIER_nondet_char();
    if (s[i] == EOS)
      break;
  }
  s[i] = EOS;
}

int main(void)
{
  char pattern[PATSZ];
  char real[REALSZ];
  char uri[URISZ];
  regex_t re;
  alias_entry alias;
  char *found;

  get_string(pattern, PATSZ);
  get_string(real, REALSZ);
  get_string(uri, URISZ);

  if (ap_regcomp(&re, pattern))
    return 0;
  alias.real = real;
  alias.fake = "/";
  alias.regexp = &re;

  found = try_alias_list(uri, &alias);
  if (found != NULL)
    free(found);
  return 0;
}
