/* sendmail style tokenizing: blanks skipped with isspace, then a word of non-blank characters
   copied into a fixed token buffer, which the copy fills to its end: the terminator of a word
   of 16 characters or more is written past it. */
#include <ctype.h>

extern char __VERIFIER_nondet_char(void);

#define LINE_SIZE 48
#define TOKEN_SIZE 16

int main(void) {
  char line[LINE_SIZE];
  char token[TOKEN_SIZE];
  for (int i = 0; i < LINE_SIZE - 1; i++)
    line[i] = __VERIFIER_nondet_char();
  line[LINE_SIZE - 1] = 0;
  const char *p = line;
  while (*p != 0 && isspace((unsigned char)*p))
    p++;
  int n = 0;
  while (*p != 0 && !isspace((unsigned char)*p)) {
    if (n < TOKEN_SIZE) /* BAD: the terminator may land past the end */
      token[n++] = (char)tolower((unsigned char)*p);
    p++;
  }
  token[n] = 0;
  return isalpha((unsigned char)token[0]) ? n : 0;
}
