// Four-lane float vectors written with GCC/Clang vector extensions: the same source compiles to
// SSE natively and to WebAssembly SIMD128 under -msimd128 (Eigen 3.4 has no WASM backend), and to
// plain scalar code without it. No intrinsics header, no Emscripten header.
#pragma once

#include <cstdint>
#include <cstring>

namespace attnlab::simd {

typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));

inline v4f load(const float* p) {
  v4f v;
  std::memcpy(&v, p, sizeof v);  // unaligned load
  return v;
}
inline void store(float* p, v4f v) { std::memcpy(p, &v, sizeof v); }
inline v4f splat(float x) { return v4f{x, x, x, x}; }
inline float hsum(v4f v) { return (v[0] + v[1]) + (v[2] + v[3]); }
// {hsum(a), hsum(b), hsum(c), hsum(d)}, each added in hsum's order, by a 4x4 transpose. Four
// hsums written out compile (clang, -msimd128) to byte shuffles that V8 turns into long sequences;
// these two-input 32-bit shuffles are SSE's unpcklps/unpckhps/movlhps/movhlps.
inline v4f hsum4(v4f a, v4f b, v4f c, v4f d) {
  const v4f ab_lo = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab_hi = __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const v4f cd_lo = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd_hi = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  const v4f lane0 = __builtin_shufflevector(ab_lo, cd_lo, 0, 1, 4, 5),
            lane1 = __builtin_shufflevector(ab_lo, cd_lo, 2, 3, 6, 7);
  const v4f lane2 = __builtin_shufflevector(ab_hi, cd_hi, 0, 1, 4, 5),
            lane3 = __builtin_shufflevector(ab_hi, cd_hi, 2, 3, 6, 7);
  return (lane0 + lane1) + (lane2 + lane3);
}
inline v4f vmin(v4f a, v4f b) { return a < b ? a : b; }
inline v4f vmax(v4f a, v4f b) { return a > b ? a : b; }

// exp(x) for four lanes, Cephes' expf: x = n ln2 + r, |r| <= ln2/2, exp(r) by a degree-6
// polynomial, 2^n built in the exponent bits. Relative error about 2e-7 over [-87, 88].
// n = floor(t) and the integer n both come from adding 1.5 * 2^23, which leaves a float's integer
// part in its low mantissa bits (exact for |t| < 2^22; here |t| < 128), instead of float <-> int
// conversions: WebAssembly's i32x4.trunc_sat_f32x4_s is about eight instructions in V8 on x86
// without AVX, and exp ran two per call. The same values, so the same bits, as the conversions gave.
inline v4f exp(v4f x) {
  x = vmin(vmax(x, splat(-87.3f)), splat(88.3f));
  const v4f t = x * splat(1.44269504088896341f) + splat(0.5f);
  const v4f magic = splat(12582912.0f);            // 1.5 * 2^23, bits 0x4B400000
  v4f n = (t + magic) - magic;                     // t rounded to an integer
  n = n - (v4f)((v4i)(n > t) & (v4i)splat(1.0f));  // ... corrected to floor
  const v4f r = x - n * splat(0.693359375f) - n * splat(-2.12194440e-4f);
  v4f p = splat(1.9875691500e-4f);
  p = p * r + splat(1.3981999507e-3f);
  p = p * r + splat(8.3334519073e-3f);
  p = p * r + splat(4.1665795894e-2f);
  p = p * r + splat(1.6666665459e-1f);
  p = p * r + splat(5.0000001201e-1f);
  p = p * r * r + r + splat(1.0f);
  const v4i bits = ((v4i)(n + magic) - 0x4B400000 + 127) << 23;  // (n + 127) << 23
  return p * (v4f)bits;
}

// log(x) for four lanes of positive, finite x, Cephes' logf: x = 2^e m, m in [sqrt(1/2), sqrt(2)),
// log(1 + f) by a degree-9 polynomial. Relative error about 1e-7; inputs below FLT_MIN are read as
// FLT_MIN (pmath::log handles zero, negatives, infinities and NaN before calling this).
inline v4f log(v4f x) {
  x = vmax(x, splat(1.17549435e-38f));
  v4i bits;
  std::memcpy(&bits, &x, sizeof bits);
  v4i e = ((bits >> 23) & 0xff) - 126;
  bits = (bits & 0x807fffff) | 0x3f000000;  // mantissa in [0.5, 1)
  v4f m;
  std::memcpy(&m, &bits, sizeof m);
  const v4i small = (v4i)(m < splat(0.707106781186547524f));  // all ones where m < sqrt(1/2)
  e = e + small;                                              // ... then e - 1 and m doubled
  m = m + (v4f)(small & (v4i)m) - splat(1.0f);
  const v4f z = m * m;
  v4f y = splat(7.0376836292e-2f);
  y = y * m - splat(1.1514610310e-1f);
  y = y * m + splat(1.1676998740e-1f);
  y = y * m - splat(1.2420140846e-1f);
  y = y * m + splat(1.4249322787e-1f);
  y = y * m - splat(1.6668057665e-1f);
  y = y * m + splat(2.0000714765e-1f);
  y = y * m - splat(2.4999993993e-1f);
  y = y * m + splat(3.3333331174e-1f);
  y = y * m * z;
  const v4f fe = __builtin_convertvector(e, v4f);
  y = y + fe * splat(-2.12194440e-4f) - splat(0.5f) * z;
  return m + y + fe * splat(0.693359375f);
}

// erf(x) for four lanes, about 1e-7 relative. |x| < 0.5: its Taylor series to x^13. Otherwise
// 1 - erfc(|x|) with erfc from the Chebyshev fit of Numerical Recipes (erfcc, section 6.2; fractional
// error below 1.2e-7): t = 1 / (1 + |x|/2), erfc = t exp(-x^2 - 1.26551223 + t P(t)). |x| >= 4 gives
// +-1, as float rounds erf there.
inline v4f erf(v4f x) {
  const v4f sign = (v4f)((v4i)x & (v4i)splat(-0.0f));
  const v4f a = vmin((v4f)((v4i)x & ~(v4i)splat(-0.0f)), splat(4.0f));
  const v4f z = a * a;
  v4f s = splat(1.0f / 9360.0f);  // x (1 - x^2/3 + x^4/10 - ...) times 2/sqrt(pi)
  s = s * z - splat(1.0f / 1320.0f);
  s = s * z + splat(1.0f / 216.0f);
  s = s * z - splat(1.0f / 42.0f);
  s = s * z + splat(1.0f / 10.0f);
  s = s * z - splat(1.0f / 3.0f);
  s = s * z + splat(1.0f);
  const v4f small = s * a * splat(1.12837916709551257f);
  const v4f t = splat(1.0f) / (splat(1.0f) + splat(0.5f) * a);
  v4f p = splat(0.17087277f);
  p = p * t - splat(0.82215223f);
  p = p * t + splat(1.48851587f);
  p = p * t - splat(1.13520398f);
  p = p * t + splat(0.27886807f);
  p = p * t - splat(0.18628806f);
  p = p * t + splat(0.09678418f);
  p = p * t + splat(0.37409196f);
  p = p * t + splat(1.00002368f);
  const v4f large = splat(1.0f) - t * exp(t * p - z - splat(1.26551223f));
  const v4i use_small = (v4i)(a < splat(0.5f));
  const v4f r = (v4f)((use_small & (v4i)small) | (~use_small & (v4i)large));
  return (v4f)((v4i)r | (v4i)sign);
}

inline v4f sigmoid(v4f x) { return splat(1.0f) / (splat(1.0f) + exp(-x)); }
// tanh(x) = m / (m + 2) with m = e^(2|x|) - 1, the sign put back; about 2e-7 relative everywhere,
// saturating cleanly at +-1. For |x| < 1/4, e^y - 1 comes from its Taylor series (y + y^2/2 + ...
// to y^9), so small arguments keep their relative accuracy.
inline v4f tanh(v4f x) {
  const v4f sign = (v4f)((v4i)x & (v4i)splat(-0.0f));
  const v4f a = (v4f)((v4i)x & ~(v4i)splat(-0.0f));
  const v4f y = a + a;
  v4f p = splat(1.0f / 362880.0f);
  p = p * y + splat(1.0f / 40320.0f);
  p = p * y + splat(1.0f / 5040.0f);
  p = p * y + splat(1.0f / 720.0f);
  p = p * y + splat(1.0f / 120.0f);
  p = p * y + splat(1.0f / 24.0f);
  p = p * y + splat(1.0f / 6.0f);
  p = p * y + splat(0.5f);
  p = p * y * y + y;
  const v4i use_series = (v4i)(a < splat(0.25f));
  const v4f m = (v4f)((use_series & (v4i)p) | (~use_series & (v4i)(exp(y) - splat(1.0f))));
  return (v4f)((v4i)(m / (m + splat(2.0f))) | (v4i)sign);
}

}  // namespace attnlab::simd
