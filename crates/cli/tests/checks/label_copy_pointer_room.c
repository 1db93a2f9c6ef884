//! verify --property memsafety: TRUE
//! checks: 6
/* Length-prefixed labels copied through two pointers, each label only when it fits: the copy
   loop needs `len + \offset(dp) <= 9` and `len + \offset(cp) <= 24`, relations of an int and a
   pointer's offset. */
extern char __VERIFIER_nondet_char(void);
int main(void) {
  unsigned char msg[24];
  char name[10];
  for (int i = 0; i < 24; i++) msg[i] = (unsigned char)__VERIFIER_nondet_char();
  const unsigned char *cp = msg, *end = msg + 24;
  char *dp = name;
  while (cp < end) {
    int len = *cp++;
    if (len == 0 || len > end - cp) break;
    if (len >= name + 10 - dp) break;
    while (len-- > 0) *dp++ = (char)*cp++;
  }
  *dp = 0;
  return name[0];
}
