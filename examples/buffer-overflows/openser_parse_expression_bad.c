/*
 * OpenSER 1.1.0, modules/permissions/parse_config.c:
 * parse_expression() and parse_expression_list() (CVE-2006-6749).
 * A line of the allow/deny file is split at " EXCEPT " and at commas;
 * each expression is trimmed and copied into the local buffer str2.
 * Ku et al. style.
 */
#include <string.h>

#define BASE_SZ 4
#define EXPRESSION_LENGTH (2 * BASE_SZ)
#define LINE_LENGTH (8 * BASE_SZ)
#define MAX_EXPR 8
#define EOS 0

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

static int nexpr = 0;

static int r_isspace(char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* stands for new_expression(): compiles the regular expression sv */
static int new_expression(const char *sv)
{
  if (nexpr >= MAX_EXPR || sv[0] == EOS)
    return -1;
  nexpr++;
  return 0;
}

static int parse_expression_list(char *str)
{
  int start = 0, i = -1, j = -1, apost = 0;
  char str2[EXPRESSION_LENGTH];

  if (!str)
    return -1;

  do {
    i++;
    switch (str[i]) {
    case '"':
      apost = !apost;
      break;
    case ',':
      if (apost)
        break;
      /* fall through */
    case EOS:
      /* word found */
      while ((str[start] == ' ') || (str[start] == '\t'))
        start++;
      if (str[start] == '"')
        start++;
      j = i - 1;
      while ((0 < j) && ((str[j] == ' ') || (str[j] == '\t')))
        j--;
      if ((0 < j) && (str[j] == '"'))
        j--;
      if (start <= j) {
        /* valid word */
        if (j - start + 1 > EXPRESSION_LENGTH) /* BAD */
          goto error;
        strncpy(str2, str + start, (size_t) (j - start + 1));
        str2[j - start + 1] = EOS;
        if (new_expression(str2) < 0)
          goto error;
      } else {
        /* empty expression */
        goto error;
      }
      start = i + 1;
    }
  } while (str[i] != EOS);

  return 0;

error:
  nexpr = 0;
  return -1;
}

static int parse_expression(char *sv)
{
  char *except, str2[LINE_LENGTH + 1];
  int i, j;

  if (!sv)
    return -1;

  except = strstr(sv, " EXCEPT ");
  if (except) {
    /* exception found */
    strncpy(str2, sv, (size_t) (except - sv));
    str2[except - sv] = EOS;
    /* except+8 points to the exception */
    if (parse_expression_list(except + 8))
      return -1;
  } else {
    /* no exception */
    strcpy(str2, sv);
  }

  for (i = 0; r_isspace(str2[i]); i++)
    ;
  for (j = (int) strlen(str2) - 1; j >= i && r_isspace(str2[j]); str2[j--] = EOS)
    ;

  return parse_expression_list(str2 + i);
}

int main(void)
{
  char line[LINE_LENGTH];
  int i;

  for (i = 0; i < LINE_LENGTH - 1; i++) {
    line[i] = __VERIFIER_nondet_char();
    if (line[i] == '\n')
      break;
  }
  line[i] = EOS;

  if (__VERIFIER_nondet_int() != 0)
    parse_expression(line);
  return 0;
}
