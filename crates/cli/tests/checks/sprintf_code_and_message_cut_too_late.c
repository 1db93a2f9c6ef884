//! verify --property memsafety: FALSE(valid-deref)
/* As sprintf_code_and_cut_message.c, with the message cut at 36: "NNN ", 36 characters and the
   terminator are 41 bytes. */
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
  if (strlen(msg) > 36) msg[36] = 0;
  return sprintf(reply, "%d %s", code, msg);
}
