/*
 * Samba 3.0.x, nsswitch/winbind_nss_solaris.c:
 * _nss_winbind_ipnodes_getbyname() (CVE-2007-0453).
 * The host name asked for is copied into the winsreq field of the
 * request sent to winbindd.
 * Ku et al. style; the name is on the heap, its size taken from the input.
 */
#include <stdlib.h>
#include <string.h>

#define BASE_SZ 4
#define FSTRING_LEN (4 * BASE_SZ)
#define MAXNAME (8 * BASE_SZ)
#define EOS 0
#define MIN(a, b) ((a) < (b) ? (a) : (b))

#define NSS_STATUS_SUCCESS 1
#define NSS_STATUS_NOTFOUND 0
#define WINBINDD_WINS_BYNAME 27

extern int nondet_int(void);
extern char nondet_char(void);

struct winbindd_request {
  unsigned int length;
  int cmd;
  int pid;
  union {
    char winsreq[FSTRING_LEN];
    char username[FSTRING_LEN];
    unsigned int uid;
  } data;
};

struct winbindd_response {
  unsigned int length;
  int result;
  union {
    char winsresp[FSTRING_LEN];
  } data;
};

typedef struct {
  struct {
    const char *name;
  } key;
  int buflen;
  int returnval;
} nss_XbyY_args_t;

/* stands for the round trip to winbindd */
static int winbindd_request_response(int cmd, struct winbindd_request *request,
                                     struct winbindd_response *response)
{
  request->cmd = cmd;
  request->length = sizeof(*request);
  response->length = sizeof(*response);
  if (nondet_int() > 0) {
    response->result = NSS_STATUS_SUCCESS;
    strcpy(response->data.winsresp, "10.0.0.1");
  } else {
    response->result = NSS_STATUS_NOTFOUND;
  }
  return response->result;
}

static int _nss_winbind_ipnodes_getbyname(nss_XbyY_args_t *argp)
{
  struct winbindd_response response;
  struct winbindd_request request;
  int ret;
  size_t n;

  memset(&response, 0, sizeof(response));
  memset(&request, 0, sizeof(request));

  n = MIN(strlen(argp->key.name), sizeof(request.data.winsreq) - 1); /* OK */
  strncpy(request.data.winsreq, argp->key.name, n);
  request.data.winsreq[n] = EOS;

  ret = winbindd_request_response(WINBINDD_WINS_BYNAME, &request, &response);
  if (ret == NSS_STATUS_SUCCESS)
    argp->returnval = (response.data.winsresp[0] != EOS);
  else
    argp->returnval = 0;
  return ret;
}

int main(void)
{
  nss_XbyY_args_t args;
  char *name;
  int len, i;

  len = nondet_int();
  if (len < 1 || len > MAXNAME)
    return 0;
  name = malloc((size_t) len);
  if (name == NULL)
    return 0;
  for (i = 0; i < len - 1; i++)
    name[i] = nondet_char();
  name[len - 1] = EOS;

  args.key.name = name;
  args.buflen = len;
  args.returnval = 0;
  _nss_winbind_ipnodes_getbyname(&args);

  free(name);
  return 0;
}
