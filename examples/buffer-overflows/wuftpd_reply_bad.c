/* wu-ftpd style reply formatting: a status code and the server's message, formatted by sprintf
   into a fixed reply buffer. The message is cut one byte too late: "NNN ", 36 bytes of message
   and the terminator take 41 bytes. */
#include <stdio.h>
#include <string.h>

extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);

#define REPLY_SIZE 40
#define MSG_SIZE 64

static int format_reply(char *reply, int code, const char *msg) {
  return sprintf(reply, "%d %s", code, msg);
}

int main(void) {
  char msg[MSG_SIZE];
  char reply[REPLY_SIZE];
  int len = __VERIFIER_nondet_int();
  if (len < 0 || len > MSG_SIZE - 1)
    len = 0;
  for (int i = 0; i < len; i++) {
    char c = __VERIFIER_nondet_char();
    msg[i] = c != 0 ? c : 'x';
  }
  msg[len] = 0;
  int code = __VERIFIER_nondet_int();
  if (code < 100 || code > 599)
    code = 500;
  if (strlen(msg) > REPLY_SIZE - 4) /* BAD: no room left for the terminator */
    msg[REPLY_SIZE - 4] = 0;
  int n = format_reply(reply, code, msg);
  return n > 0 ? reply[0] : 0;
}
