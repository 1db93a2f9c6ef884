/* A longer deterministic computation: 1000 pseudo-random values from a linear congruential
   generator (unsigned wrap-around), sorted by a recursive merge sort with a global scratch
   array, checked to be sorted, then folded into a checksum (rotate-xor over unsigned ints), plus
   a sieve of Eratosthenes up to 1000. The seed comes from the input; the exit code is exact. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);

#define N 1000
static unsigned data[N];
static unsigned scratch[N];

static void merge_sort(unsigned *a, int lo, int hi) {   /* sorts a[lo, hi) */
  if (hi - lo < 2) return;
  int mid = lo + (hi - lo) / 2;
  merge_sort(a, lo, mid);
  merge_sort(a, mid, hi);
  int i = lo, j = mid, k = lo;
  while (i < mid && j < hi) scratch[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < mid) scratch[k++] = a[i++];
  while (j < hi) scratch[k++] = a[j++];
  for (k = lo; k < hi; k++) a[k] = scratch[k];
}

static unsigned checksum(const unsigned *a, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++) {
    h ^= a[i];
    h = (h << 5) | (h >> 27);
    h *= 16777619u;
  }
  return h;
}

static int count_primes(int limit) {
  static char composite[N + 1];
  int count = 0;
  for (int i = 2; i <= limit; i++) {
    if (composite[i]) continue;
    count++;
    for (int j = i * i; j <= limit; j += i) composite[j] = 1;
  }
  return count;
}

int main(void) {
  unsigned seed = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    data[i] = (seed >> 8) % 100000u;
  }
  merge_sort(data, 0, N);
  for (int i = 1; i < N; i++) __VERIFIER_assert(data[i - 1] <= data[i]);
  unsigned h = checksum(data, N);
  int primes = count_primes(N);                     /* 168 */
  return (int)(h % 200u) + (primes == 168) * 50 + (data[0] <= data[N - 1]) * 5;
}
//! run: 0 => exit 212
//! run: 42 => exit 139
//! run: -7 => exit 94
//! run: 123456789 => exit 111
