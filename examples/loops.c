/* An example for `leapfrog loops`: nested loops, a loop made of goto, a do-while(0) that is not a
   loop, and a loop whose body uses floating point (listed anyway, with a diagnostic). */
extern int __VERIFIER_nondet_int(void);

int sum_upper_triangle(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      s += j - i;
  return s;
}

int gcd(int a, int b) {
again:
  if (b == 0)
    return a;
  int t = a % b;
  a = b;
  b = t;
  goto again;
}

double average(const int *v, int n) {
  double total = 0.0;
  int k = 0;
  while (k < n) {
    total += v[k];
    k++;
  }
  return n > 0 ? total / n : 0.0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100)
    return 0;
  int data[100];
  int i = 0;
  do {
    data[i] = gcd(i + 12, 18);
    i++;
  } while (i < n);
  do { n = n + 0; } while (0); /* no cycle: not a loop */
  return sum_upper_triangle(n) + (int)average(data, n);
}
