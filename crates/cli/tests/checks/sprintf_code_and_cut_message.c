//! verify --property memsafety: TRUE
/* A status code of three digits, a space and a message cut to 35 characters (strlen, then a 0
   written at 35): at most 39 bytes and the terminator, into 40. Needs the sign of %d decided
   by the code's range (a comparison's value in the octagons) and the message's length (the
   second pass, with the strings' lengths). */
#include <stdio.h>
#include <string.h>
extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char msg[64], reply[40];
  int len = __VERIFIER_nondet_int();
  if (len < 0 || len > 63) len = 0;
  for (int i = 0; i < len; i++) {
    char c = __VERIFIER_nondet_char();
    msg[i] = c != 0 ? c : 'x';
  }
  msg[len] = 0;
  int code = __VERIFIER_nondet_int();
  if (code < 100 || code > 599) code = 500;
  if (strlen(msg) > 35) msg[35] = 0;
  return sprintf(reply, "%d %s", code, msg);
}
