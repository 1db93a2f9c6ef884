/*
 * OpenSER 1.1.0, modules/sms/sms_funcs.c: fetchsms() (CVE-2006-6876).
 * The modem's answer to AT+CMGR is searched for "+CMGR:", two lines are
 * walked with the pointer end, and the PDU is copied into the pdu field
 * of the incoming-SMS structure.
 * Ku et al. style, pointer variant.
 */
#include <string.h>

#define BASE_SZ 4
#define PDUSZ (2 * BASE_SZ)
#define SENDERSZ (3 * BASE_SZ)
#define ANSWERSZ (12 * BASE_SZ)
#define MAXSIM 4
#define EOS 0

extern int nondet_int(void);
extern char nondet_char(void);

struct incame_sms {
  int is_statusreport;
  char sender[SENDERSZ];
  char pdu[PDUSZ];
};

/* stands for put_command(mdm, "AT+CMGR=sim\r", ...): the modem answers
   "+CMGR: <status line>\r\n<PDU line>\r\n" (each line at most 15 characters) */
static void put_command(char *answer, int max)
{
  char *p, *lim;
  int line, i, n;

  strcpy(answer, "+CMGR: ");
  p = answer + strlen(answer);
  lim = answer + max - 1;
  for (line = 0; line < 2; line++) {
    n = nondet_int() & 15;
    for (i = 0; i < n && p < lim; i++)
      *p++ = nondet_char();
    if (p < lim)
      *p++ = '\r';
    if (p < lim)
      *p++ = '\n';
  }
  *p = EOS;
}

static int fetchsms(int sim, struct incame_sms *sms)
{
  char answer[ANSWERSZ];
  char *position;
  char *beginning;
  char *end;

  if (sim <= 0 || sim > MAXSIM)
    return 0;

  put_command(answer, sizeof(answer));
  /* search for beginning of the answer */
  position = strstr(answer, "+CMGR:");

  /* no SMS: the modem did not answer with +CMGR */
  if (position == 0)
    return 0;
  beginning = position + 7;
  /* no SMS: the modem answered +CMGR: 0,,0 */
  if (strstr(answer, ",,0\r"))
    return 0;

  /* After that we have the PDU or ASCII string */
  for (end = beginning; *end && *end != '\r'; end++)
    ;
  if (!*end || end - beginning < 4)
    return 0;
  for (end = end + 1; *end && *end != '\r'; end++)
    ;
  if (!*end || end - beginning < 4)
    return 0;
  if (end - beginning >= PDUSZ) /* OK */
    return 0;
  /* Now we have the end of the PDU or ASCII string */
  *end = EOS;
  strcpy(sms->pdu, beginning);

  return sim;
}

int main(void)
{
  struct incame_sms sms;
  int found = 0, sim;

  memset(&sms, 0, sizeof(sms));
  /* look at the SIM memory slots in turn until one holds an SMS */
  for (sim = 1; sim <= MAXSIM; sim++) {
    found = fetchsms(sim, &sms);
    if (found)
      break;
  }
  if (found)
    sms.is_statusreport = (sms.pdu[0] == '5');
  return 0;
}
