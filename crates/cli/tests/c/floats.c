/* float and double computed as the compiled program does: binary32 arithmetic rounds each
   operation to float, double to double; conversions to integers truncate (out of range is
   undefined); comparisons (NaN compares false); float parameters, results and recursion; float
   fields of structs and arrays in memory; the math library; a loop counted by a float; `x++` and
   compound assignments on floats; integer inputs converted to floating point. */
#include <math.h>
extern int __VERIFIER_nondet_int(void);

struct point { float x; double y; };
static double table[4] = { 0.5, 1.25, -2.0, 1e10 };
static float gf = 0.1f;

static double square(double v) { return v * v; }
static float halve(float v, int times) { return times == 0 ? v : halve(v / 2, times - 1); }
static double mix(float a, double b, int k) { return a * k + b; }

int main(void) {
  int sel = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (sel == 0) {                          /* binary32 rounding: 2^24 + 1 is not a float */
    float f = 16777216.0f;
    f = f + 1.0f;
    double d = 16777216.0;
    d = d + 1.0;
    return (int)(d - f);                   /* 1 */
  }
  if (sel == 1) {                          /* a loop counted by a float */
    int n = 0;
    for (float a = 0.0f; a <= 360.0f; a += 1.0f) n++;
    return n % 256;                        /* 361 % 256 = 105 */
  }
  if (sel == 2) {                          /* 0.1 added ten times is not 1 */
    double s = 0;
    for (int i = 0; i < 10; i++) s += 0.1;
    return s == 1.0 ? 1 : s < 1.0 ? 2 : 3;
  }
  if (sel == 3) {                          /* parameters, results, recursion, structs, arrays */
    struct point p = { 1.5f, 2.25 };
    p.x *= 3;
    table[1] = square(p.y) + halve(p.x, 2);
    return (int)(table[1] * 100) + (int)mix(gf, table[0], x);
  }
  if (sel == 4) {                          /* the math library */
    double r = sqrt(2.0) * 1000 + sin(1.0) * 100 + pow(2.0, 10) + fabs(-3.5) + floor(-1.5) + exp(1.0) + log(10.0);
    float g = sqrtf(2.0f) * 1000;
    return ((int)r + (int)g + (int)(atan2(1.0, 1.0) * 1000)) % 256;
  }
  if (sel == 5) {                          /* an input converted, and back: out of range is ub */
    double d = x * 1e9;
    return (int)d;
  }
  if (sel == 6) {                          /* NaN compares false, except != */
    double z = 0.0;
    double nan = z / z;
    return (nan < 1) + 2 * (nan == nan) + 4 * (nan != nan) + 8 * (1 / z > 1e308);
  }
  if (sel == 7) {                          /* x++ and -- on floats keep the old value */
    float f = 2.5f;
    float old = f++;
    double d = -x;
    d--;
    return (int)(old * 10) + (int)f + (int)d + (x > 0.5);
  }
  return (int)(unsigned char)(x * 0.75);   /* unsigned char: 0.75x truncated */
}
//! run: 0 => exit 1
//! run: 1 => exit 105
//! run: 2 => exit 2
//! run: 3,3 => exit 618
//! run: 4 => exit 119
//! run: 5,3 => ub
//! run: 5,1 => exit 1000000000
//! run: 6 => exit 12
//! run: 7,4 => exit 24
//! run: 8,100 => exit 75
