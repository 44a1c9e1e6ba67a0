#include "core/pmath.h"

#include <cmath>  // std::ldexp, std::frexp, std::isnan, std::isinf: exact by IEEE, no library rounding
#include <initializer_list>
#include <limits>

#include "core/simd.h"

namespace attnlab::pmath {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// ln 2 split so that k * kLn2Hi is exact for |k| < 2^20 (fdlibm's constants).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;

float lane0(simd::v4f v) { return v[0]; }

// sin(r) and cos(r) for |r| <= pi/4 by their Taylor series to r^17 and r^18 (error below 1e-18),
// Horner in r^2 from the highest power down.
double sin_kernel(double r) {
  const double z = r * r;
  double p = 1.0 / 355687428096000.0;
  for (double c : {-1.0 / 1307674368000.0, 1.0 / 6227020800.0, -1.0 / 39916800.0, 1.0 / 362880.0, -1.0 / 5040.0,
                   1.0 / 120.0, -1.0 / 6.0, 1.0})
    p = p * z + c;
  return r * p;
}

double cos_kernel(double r) {
  const double z = r * r;
  double p = -1.0 / 6402373705728000.0;
  for (double c : {1.0 / 20922789888000.0, -1.0 / 87178291200.0, 1.0 / 479001600.0, -1.0 / 3628800.0, 1.0 / 40320.0,
                   -1.0 / 720.0, 1.0 / 24.0, -0.5, 1.0})
    p = p * z + c;
  return p;
}

// x = q pi/2 + r with |r| <= pi/4; pi/2 in three parts of which the first two have 33 significant
// bits, so q times them is exact for |q| < 2^20 (fdlibm's constants). Returns q mod 4.
int reduce_half_pi(double x, double& r) {
  const double q = std::floor(x * 0.63661977236758134308 + 0.5);
  r = ((x - q * 1.57079632673412561417e+00) - q * 6.07710050630396597660e-11) - q * 2.02226624879595063154e-21;
  const long long qi = static_cast<long long>(q);
  return static_cast<int>(((qi % 4) + 4) % 4);
}

}  // namespace

float exp(float x) { return lane0(simd::exp(simd::splat(x))); }

float log(float x) {
  if (std::isnan(x) || x < 0) return std::numeric_limits<float>::quiet_NaN();
  if (x == 0) return -std::numeric_limits<float>::infinity();
  if (std::isinf(x)) return x;
  return lane0(simd::log(simd::splat(x)));
}

float tanh(float x) { return lane0(simd::tanh(simd::splat(x))); }
float sigmoid(float x) { return lane0(simd::sigmoid(simd::splat(x))); }
float erf(float x) {
  if (std::isnan(x)) return x;
  return lane0(simd::erf(simd::splat(x)));
}

double exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return kInf;
  if (x < -745.1332191019412) return 0.0;
  const double k = std::floor(x * 1.4426950408889634 + 0.5);  // nearest multiple of ln 2
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;             // |r| <= ln2 / 2
  // e^r by its Taylor series to r^13 (error below 1e-17 for |r| <= 0.347), Horner from the top.
  double p = 1.0;
  for (int n = 13; n >= 1; --n) p = 1.0 + p * r / n;
  return std::ldexp(p, static_cast<int>(k));
}

double log(double x) {
  if (std::isnan(x) || x < 0) return kNaN;
  if (x == 0) return -kInf;
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) m *= 2, e -= 1;
  // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: the odd series to s^25.
  const double s = (m - 1.0) / (m + 1.0), z = s * s;
  double p = 1.0 / 25.0;
  for (int n = 23; n >= 1; n -= 2) p = 1.0 / n + p * z;
  return e * kLn2Hi + (2.0 * s * p + e * kLn2Lo);
}

double tanh(double x) {
  const double a = x < 0 ? -x : x;
  if (a > 20) return x < 0 ? -1.0 : 1.0;
  // m = e^(2a) - 1, from its Taylor series to y^17 when small (|y| < 1/2: error below 1e-17)
  const double y = 2.0 * a;
  double m;
  if (y < 0.5) {
    m = 1.0;
    for (int n = 17; n >= 2; --n) m = 1.0 + m * y / n;
    m *= y;
  } else {
    m = exp(y) - 1.0;
  }
  const double t = m / (m + 2.0);
  return x < 0 ? -t : t;
}

double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + exp(-x));
  const double e = exp(x);
  return e / (1.0 + e);
}

double erf(double x) {
  if (std::isnan(x)) return x;
  const double a = x < 0 ? -x : x;
  if (a >= 6) return x < 0 ? -1.0 : 1.0;
  double sum;
  if (a <= 2.5) {
    // erf(a) = 2/sqrt(pi) sum_n (-1)^n a^(2n+1) / (n! (2n+1))
    double term = a, n_fact_pow = a;  // a^(2n+1) / n! with its sign
    sum = a;
    for (int n = 1; n < 60; ++n) {
      n_fact_pow *= -a * a / n;
      term = n_fact_pow / (2 * n + 1);
      sum += term;
      if ((term < 0 ? -term : term) < 1e-17 * (sum < 0 ? -sum : sum)) break;
    }
    sum *= 1.1283791670955126;  // 2 / sqrt(pi)
  } else {
    // erfc(a) by its continued fraction (Lentz), converging quickly for a > 2.5:
    // erfc(a) = exp(-a^2)/sqrt(pi) * 1/(a + (1/2)/(a + 1/(a + (3/2)/(a + 2/(a + ...)))))
    double f = a, c = a, d = 0.0;
    for (int n = 1; n < 200; ++n) {
      const double an = n * 0.5;
      d = a + an * d;
      d = 1.0 / d;
      c = a + an / c;
      const double delta = c * d;
      f *= delta;
      if ((delta - 1.0 < 0 ? 1.0 - delta : delta - 1.0) < 1e-16) break;
    }
    sum = 1.0 - exp(-a * a) * 0.5641895835477563 / f;  // 1 / sqrt(pi)
  }
  return x < 0 ? -sum : sum;
}

double sin(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  double r = 0;
  switch (reduce_half_pi(x, r)) {
    case 0: return sin_kernel(r);
    case 1: return cos_kernel(r);
    case 2: return -sin_kernel(r);
    default: return -cos_kernel(r);
  }
}

double cos(double x) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  double r = 0;
  switch (reduce_half_pi(x, r)) {
    case 0: return cos_kernel(r);
    case 1: return -sin_kernel(r);
    case 2: return -cos_kernel(r);
    default: return sin_kernel(r);
  }
}

double pow_int(double base, long long n) {
  if (n < 0) return 1.0 / pow_int(base, -n);
  // Repeated squaring doubles the relative error with every squaring; past 64 go through logs.
  if (n > 64 && base > 0) return exp(static_cast<double>(n) * log(base));
  double result = 1.0;
  while (n > 0) {
    if (n & 1) result *= base;
    base *= base;
    n >>= 1;
  }
  return result;
}

}  // namespace attnlab::pmath
