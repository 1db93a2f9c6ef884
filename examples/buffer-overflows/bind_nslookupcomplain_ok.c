/*
 * BIND 4.9.x, named/ns_forw.c: nslookupComplain() (CVE-2001-0011).
 * The complaint about a lame server is formatted with sprintf into a
 * fixed buffer before it is passed to syslog; the query name and the
 * server's name come from the network.
 * Ku et al. style.
 */
#include <stdio.h>
#include <string.h>

#define BASE_SZ 8
#define MAXDNAME (2 * BASE_SZ)
#define BUFSZ (6 * BASE_SZ)
#define FMTSZ 14 /* characters of the format besides its four %s */
#define NCOMPLAINTS 4
#define EOS 0

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

static const char *complained[NCOMPLAINTS];
static int ncomplained = 0;
static int nlogged = 0;

/* have we already complained about tag1 ?  (remembers NCOMPLAINTS tags) */
static int haveComplained(const char *tag1, const char *tag2)
{
  int i;

  (void) tag2;
  for (i = 0; i < ncomplained; i++)
    if (complained[i] == tag1)
      return 1;
  if (ncomplained < NCOMPLAINTS)
    complained[ncomplained++] = tag1;
  return 0;
}

/* stands for syslog(LOG_INFO, buf) */
static void syslog_info(const char *msg)
{
  if (strlen(msg) > 0)
    nlogged++;
}

/* reads a domain name off the packet: at most MAXDNAME-1 characters */
static void get_name(char *name)
{
  char *p = name;
  char c;

  while (p < name + MAXDNAME - 1) {
    c = __VERIFIER_nondet_char();
    if (c == EOS)
      break;
    *p++ = c;
  }
  *p = EOS;
}

static void nslookupComplain(const char *sysloginfo, const char *queryname,
                             const char *complaint, const char *dname)
{
  char buf[BUFSZ];
  size_t len;

  if (sysloginfo && queryname && !haveComplained(queryname, complaint)) {
    len = strlen(sysloginfo) + strlen(queryname) + strlen(complaint) + strlen(dname);
    if (len + FMTSZ >= BUFSZ) /* OK */
      return;
    sprintf(buf, "%s: query(%s) %s (%s)", sysloginfo, queryname, complaint, dname);
    syslog_info(buf);
  }
}

int main(void)
{
  char queryname[MAXDNAME];
  char dname[MAXDNAME];

  get_name(queryname);
  get_name(dname);
  if (__VERIFIER_nondet_int() > 0)
    nslookupComplain("ns_forw", queryname, "lame server", dname);
  else
    nslookupComplain("ns_forw", queryname, "NS points to CNAME", dname);
  return 0;
}
