/* libgd gdImageStringFTEx() (gdft.c) style, after Ku et al.'s libgd (cf. CVE-2007-0455): the
   string to draw is converted for a JIS font into a heap buffer whose size comes from strlen.
   A lead byte (>= 0x80) and the byte after it form one two-byte character, which becomes one
   glyph code. */
#include <stdlib.h>
#include <string.h>

extern char __VERIFIER_nondet_char(void);

#define TEXT_SIZE 32

int main(void) {
  char text[TEXT_SIZE];
  char *glyphs;
  size_t len, i, n;
  int wide = 0, first;

  for (i = 0; i < TEXT_SIZE - 1; i++)
    text[i] = __VERIFIER_nondet_char();
  text[TEXT_SIZE - 1] = 0;

  len = strlen(text);
  glyphs = malloc(len + 1);

  i = 0;
  n = 0;
  while (text[i] != 0) {
    if ((unsigned char)text[i] >= 0x80 && text[i + 1] != 0) { /* OK: a lead byte just before the end stands alone */
      glyphs[n++] = (char)(((unsigned char)text[i] & 0x7f) ^ (unsigned char)text[i + 1]);
      i += 2;
      wide++;
    } else {
      glyphs[n++] = text[i];
      i++;
    }
  }
  glyphs[n] = 0;

  first = n > 0 ? glyphs[0] : 0;
  free(glyphs);
  return wide > 0 && first == '?';
}
