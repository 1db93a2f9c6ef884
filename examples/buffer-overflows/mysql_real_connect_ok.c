/*
 * MySQL 4.0.20, libmysql/libmysql.c: mysql_real_connect() (CVE-2004-0836).
 * The address returned by the resolver is copied into sock_addr.sin_addr
 * with the length given by the DNS answer.
 * Ku et al. style; the resolver's address is on the heap, its length taken
 * from the input.
 */
#include <stdlib.h>
#include <string.h>

#define BASE_SZ 4
#define HOSTSZ (4 * BASE_SZ)
#define MAX_ADDR_LEN (4 * BASE_SZ)
#define IN_ADDR_SZ 4
#define INADDR_NONE 0xffffffffUL
#define LOCAL_HOST "localhost"
#define MYSQL_PORT 3306
#define CR_UNKNOWN_HOST 2005
#define CR_CONN_HOST_ERROR 2003
#define EOS 0
#define min(a, b) ((a) < (b) ? (a) : (b))

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

struct my_sockaddr_in {
  unsigned short sin_family;
  unsigned short sin_port;
  unsigned char sin_addr[IN_ADDR_SZ];
};

struct my_hostent {
  const char *h_name;
  int h_addrtype;
  int h_length;
  char *h_addr;
};

typedef struct st_mysql {
  int net_errno;
  unsigned int port;
  unsigned long ip;
} MYSQL;

/* inet_addr(): a dotted quad, INADDR_NONE if cp is not one */
static unsigned long r_inet_addr(const char *cp)
{
  unsigned long val = 0, part = 0;
  int dots = 0;

  if (*cp == EOS)
    return INADDR_NONE;
  for (; *cp != EOS; cp++) {
    if (*cp >= '0' && *cp <= '9') {
      part = part * 10 + (unsigned long) (*cp - '0');
      if (part > 255)
        return INADDR_NONE;
    } else if (*cp == '.' && dots < 3) {
      val = (val << 8) | part;
      part = 0;
      dots++;
    } else {
      return INADDR_NONE;
    }
  }
  if (dots != 3)
    return INADDR_NONE;
  return (val << 8) | part;
}

/* stands for gethostbyname_r(): the DNS server chooses h_length */
static struct my_hostent *my_gethostbyname_r(const char *name, struct my_hostent *result,
                                             int *h_errnop)
{
  int len, i;

  len = __VERIFIER_nondet_int();
  if (len <= 0 || len > MAX_ADDR_LEN) {
    *h_errnop = 1;
    return NULL;
  }
  result->h_name = name;
  result->h_addrtype = 2;
  result->h_length = len;
  result->h_addr = malloc((size_t) len);
  if (result->h_addr == NULL) {
    *h_errnop = 2;
    return NULL;
  }
  for (i = 0; i < len; i++)
    result->h_addr[i] = __VERIFIER_nondet_char();
  *h_errnop = 0;
  return result;
}

/* stands for connect(): uses the address */
static int my_connect(MYSQL *mysql, const struct my_sockaddr_in *sa)
{
  unsigned long a = 0;
  int i;

  for (i = 0; i < IN_ADDR_SZ; i++)
    a = (a << 8) | sa->sin_addr[i];
  mysql->ip = a;
  return a == 0 ? -1 : 0;
}

static MYSQL *mysql_real_connect(MYSQL *mysql, const char *host, unsigned int port)
{
  struct my_sockaddr_in sock_addr;
  unsigned long ip_addr;
  int tmp_errno;
  struct my_hostent tmp_hostent, *hp;
  int i;

  if (!host || !strcmp(host, LOCAL_HOST))
    return mysql; /* Unix socket */

  if (!port)
    port = MYSQL_PORT;
  memset(&sock_addr, 0, sizeof(sock_addr));
  sock_addr.sin_family = 2;

  if ((ip_addr = r_inet_addr(host)) != INADDR_NONE) {
    for (i = 0; i < IN_ADDR_SZ; i++)
      sock_addr.sin_addr[i] = (unsigned char) (ip_addr >> (8 * (IN_ADDR_SZ - 1 - i)));
  } else {
    hp = my_gethostbyname_r(host, &tmp_hostent, &tmp_errno);
    if (!hp) {
      mysql->net_errno = CR_UNKNOWN_HOST;
      goto error;
    }
    memcpy(&sock_addr.sin_addr, hp->h_addr, min(sizeof(sock_addr.sin_addr), (size_t) hp->h_length)); /* OK */
    free(hp->h_addr);
  }
  sock_addr.sin_port = (unsigned short) port;
  if (my_connect(mysql, &sock_addr) < 0) {
    mysql->net_errno = CR_CONN_HOST_ERROR;
    goto error;
  }
  mysql->port = port;
  return mysql;

error:
  return NULL;
}

int main(void)
{
  MYSQL mysql;
  char host[HOSTSZ];
  int i;

  for (i = 0; i < HOSTSZ - 1; i++) {
    host[i] = __VERIFIER_nondet_char();
    if (host[i] == EOS)
      break;
  }
  host[i] = EOS;

  memset(&mysql, 0, sizeof(mysql));
  mysql_real_connect(&mysql, host, (unsigned int) (__VERIFIER_nondet_int() & 0xffff));
  return 0;
}
