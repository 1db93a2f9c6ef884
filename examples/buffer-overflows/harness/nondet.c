/* Test harness for the buffer-overflow benchmark: definitions of the SV-COMP nondet
   functions, drawing values from a pseudo-random generator (splitmix64) seeded from the
   environment variable NONDET_SEED.  Used only by check.sh (ground-truth check under
   ASan/UBSan); the benchmark programs themselves leave these functions undefined.

   The values are biased towards what reaches the corner cases of small buffers:
     - ints: 85% in [-2, 70], 8% a boundary value (0, 1, -1, 255, 256, INT_MAX,
       INT_MAX - 1, INT_MIN), 7% an arbitrary 32-bit value;
     - chars: each seed picks a "profile": 1 to 8 characters of a small alphabet of
       characters that matter to the programs ('/', '.', '%', ' ', 'a', '<', '>', '?',
       '=', '\\', '{', ..., a few small and negative values), a probability of 0 (none,
       1%, 3%, 8% or 20%) and a probability of a small value in [1, 15] (none, 10%, 30%).
       Most chars come from the profile, so long runs of the same few characters (long
       tokens, many separators, ...) are common; 5% come from the whole alphabet and 3%
       are arbitrary bytes.
   NONDET_TRACE=1 prints every value drawn to stderr.

   NONDET_SEEDS=LO-HI runs the program once per seed LO..HI, each run in a child process
   forked before main (much faster than starting a sanitized process per seed); after
   each run the parent writes "@@ seed N status S" to stderr, S being the exit status
   or 128 + the signal number.  Each child is killed by SIGALRM after NONDET_TIMEOUT
   seconds (default 10), so S = 142 means a run did not terminate in time. */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned long long state;
static int initialized;
static int trace;
static int have_seed; /* set in a child forked for NONDET_SEEDS */
static unsigned long long forced_seed;

static const char alphabet[] = {
    '/', '.', '%', ' ', 'a', '<', '>', '(', ',', '?', '=', '\\', '"', '{', '}',
    '\t', '\n', '0', 'F', 1, 5, 13, (char)0x80, (char)0xff};
#define ALPHABET_LEN ((int)sizeof alphabet)
#define MAX_PROFILE 8

static char profile[MAX_PROFILE];
static int profile_len;
static int zero_permille;  /* probability (in 1/1000) that a char is 0 */
static int small_permille; /* probability (in 1/1000) that a char is in [1, 15] */

static unsigned long long next64(void) { /* splitmix64 */
  unsigned long long z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static int below(int n) { return (int)(next64() % (unsigned long long)n); }

static void init(void) {
  const char *s, *t;
  static const int zero_choices[] = {0, 0, 10, 30, 80, 200};
  static const int small_choices[] = {0, 0, 0, 100, 300};
  int i;
  if (initialized) return;
  initialized = 1;
  s = getenv("NONDET_SEED");
  t = getenv("NONDET_TRACE");
  trace = t != NULL && t[0] == '1';
  state = have_seed ? forced_seed : s != NULL ? strtoull(s, NULL, 10) : 0;
  state = state * 0x2545F4914F6CDD1DULL + 12345;
  (void)next64();
  profile_len = 1 + below(MAX_PROFILE);
  for (i = 0; i < profile_len; i++) profile[i] = alphabet[below(ALPHABET_LEN)];
  zero_permille = zero_choices[below((int)(sizeof zero_choices / sizeof zero_choices[0]))];
  small_permille = small_choices[below((int)(sizeof small_choices / sizeof small_choices[0]))];
}

int __VERIFIER_nondet_int(void) {
  static const int boundary[] = {0, 1, -1, 255, 256, INT_MAX, INT_MIN, INT_MAX - 1};
  int r, v;
  init();
  r = below(100);
  if (r < 85)
    v = below(73) - 2; /* [-2, 70] */
  else if (r < 93)
    v = boundary[below((int)(sizeof boundary / sizeof boundary[0]))];
  else
    v = (int)(unsigned int)next64();
  if (trace) fprintf(stderr, "nondet_int -> %d\n", v);
  return v;
}

char __VERIFIER_nondet_char(void) {
  int r;
  char c;
  init();
  r = below(1000);
  if (r < zero_permille)
    c = 0;
  else if (r < zero_permille + small_permille)
    c = (char)(1 + below(15));
  else if (r < zero_permille + small_permille + 30)
    c = (char)below(256); /* any byte at all */
  else if (r < zero_permille + small_permille + 80)
    c = alphabet[below(ALPHABET_LEN)];
  else
    c = profile[below(profile_len)];
  if (trace) fprintf(stderr, "nondet_char -> %d\n", (int)c);
  return c;
}

__attribute__((constructor)) static void seed_loop(void) {
  const char *r = getenv("NONDET_SEEDS");
  const char *tm = getenv("NONDET_TIMEOUT");
  unsigned long long lo, hi, seed;
  int st, timeout = tm != NULL ? atoi(tm) : 10;
  pid_t pid;
  if (r == NULL) return;
  if (sscanf(r, "%llu-%llu", &lo, &hi) != 2) {
    fprintf(stderr, "NONDET_SEEDS must be LO-HI\n");
    _exit(2);
  }
  for (seed = lo; seed <= hi; seed++) {
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
      perror("fork");
      _exit(2);
    }
    if (pid == 0) { /* the child runs main with this seed */
      have_seed = 1;
      forced_seed = seed;
      alarm(timeout > 0 ? (unsigned)timeout : 10);
      return;
    }
    if (waitpid(pid, &st, 0) < 0) {
      perror("waitpid");
      _exit(2);
    }
    fprintf(stderr, "@@ seed %llu status %d\n", seed,
            WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
  }
  _exit(0);
}

/* verisec-style names, same generators */
int nondet_int(void) { return __VERIFIER_nondet_int(); }
char nondet_char(void) { return __VERIFIER_nondet_char(); }
