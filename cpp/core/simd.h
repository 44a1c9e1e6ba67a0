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

// Sixteen lanes, as four four-lane vectors: the functions below take either width. Each is a long
// chain of dependent operations (erf: a division, a degree-8 polynomial, then exp's), so on four
// lanes at a time the processor mostly waits for the previous result. On sixteen, the compiler
// splits every operation into four independent ones, side by side, which the processor overlaps:
// the GELU of a 2-layer encoder of models/tf-mlm's sizes (2 x 64 x 256 values) took 191-208 µs
// per forward on four lanes, 111-114 on sixteen; eight gained a third as much, thirty-two no more
// (docs/performance.md, "Sixteen lanes"). The same operations on every lane, so the same bits.
typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));

inline v16f load16(const float* p) {
  v16f v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store(float* p, v16f v) { std::memcpy(p, &v, sizeof v); }

template <class V>
struct IntsOf;
template <>
struct IntsOf<v4f> {
  using type = v4i;
};
template <>
struct IntsOf<v16f> {
  using type = v16i;
};

// A four-lane constant, float or int, in every lane of W: itself, or four copies (no instruction:
// each quarter is it).
template <class W, class C>
inline W widen(C c) {
  if constexpr (sizeof(W) == sizeof(C)) {
    return c;
  } else {
    return __builtin_shufflevector(c, c, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
  }
}
template <class V>
inline V min_of(V a, V b) {
  return a < b ? a : b;
}
template <class V>
inline V max_of(V a, V b) {
  return a > b ? a : b;
}

// The constants of the functions below, four lanes each, read from memory: kConstants is defined
// in core/simd.cpp, so its values are unknown where these functions are compiled. Written inline as
// splat(c), each constant was a v128.const, which V8 builds on x86 at every use, inside the loop,
// from immediates in three instructions (movq, vmovq, vpunpcklqdq). A load is one. The same values
// in the same operations, so the same bits.
constexpr v4f lanes(float x) { return v4f{x, x, x, x}; }
constexpr v4i int_lanes(int32_t x) { return v4i{x, x, x, x}; }
struct Constants {
  v4f one = lanes(1.0f), half = lanes(0.5f), two = lanes(2.0f);
  v4i sign = int_lanes(INT32_MIN);  // a float's sign bit
  // exp
  v4f exp_min = lanes(-87.3f), exp_max = lanes(88.3f), log2e = lanes(1.44269504088896341f);
  v4f round = lanes(12582912.0f);  // 1.5 * 2^23, bits 0x4B400000
  v4i round_bits_less_bias = int_lanes(0x4B400000 - 127);
  v4f ln2_hi = lanes(0.693359375f), ln2_lo = lanes(-2.12194440e-4f);
  v4f exp_poly[6] = {lanes(1.9875691500e-4f), lanes(1.3981999507e-3f), lanes(8.3334519073e-3f),
                     lanes(4.1665795894e-2f), lanes(1.6666665459e-1f), lanes(5.0000001201e-1f)};
  // log
  v4f min_normal = lanes(1.17549435e-38f), sqrt_half = lanes(0.707106781186547524f);
  v4i exponent_mask = int_lanes(0xff), exponent_bias = int_lanes(126), mantissa_and_sign = int_lanes(0x807fffff),
      half_exponent = int_lanes(0x3f000000);
  v4f log_poly[9] = {lanes(7.0376836292e-2f),  lanes(-1.1514610310e-1f), lanes(1.1676998740e-1f),
                     lanes(-1.2420140846e-1f), lanes(1.4249322787e-1f),  lanes(-1.6668057665e-1f),
                     lanes(2.0000714765e-1f),  lanes(-2.4999993993e-1f), lanes(3.3333331174e-1f)};
  // erf
  v4f erf_max = lanes(4.0f), two_over_sqrt_pi = lanes(1.12837916709551257f), erfc_offset = lanes(1.26551223f);
  v4f erf_series[7] = {lanes(1.0f / 9360.0f), lanes(-1.0f / 1320.0f), lanes(1.0f / 216.0f), lanes(-1.0f / 42.0f),
                       lanes(1.0f / 10.0f),   lanes(-1.0f / 3.0f),    lanes(1.0f)};
  v4f erfc_poly[9] = {lanes(0.17087277f),  lanes(-0.82215223f), lanes(1.48851587f),
                      lanes(-1.13520398f), lanes(0.27886807f),  lanes(-0.18628806f),
                      lanes(0.09678418f),  lanes(0.37409196f),  lanes(1.00002368f)};
  // tanh
  v4f quarter = lanes(0.25f);
  v4f expm1_series[8] = {lanes(1.0f / 362880.0f), lanes(1.0f / 40320.0f), lanes(1.0f / 5040.0f), lanes(1.0f / 720.0f),
                         lanes(1.0f / 120.0f),    lanes(1.0f / 24.0f),    lanes(1.0f / 6.0f),    lanes(0.5f)};
  // GELU and its gradient (core/matmul.cpp)
  v4f inv_sqrt2 = lanes(0.707106781186547524f), inv_sqrt_2pi = lanes(0.3989422804014327f), minus_half = lanes(-0.5f);
};
extern const Constants kConstants;

// c[0] y^(N-1) + ... + c[N-1] by Horner's rule (x - c is x + (-c) in IEEE arithmetic: the same bits).
template <class V, int N>
inline V horner(V y, const v4f (&c)[N]) {
  V p = widen<V>(c[0]);
  for (int k = 1; k < N; ++k) p = p * y + widen<V>(c[k]);
  return p;
}

// exp(x) for four or sixteen lanes, Cephes' expf: x = n ln2 + r, |r| <= ln2/2, exp(r) by a degree-6
// polynomial, 2^n built in the exponent bits. Relative error about 2e-7 over [-87, 88].
// n = floor(t) and the integer n both come from adding 1.5 * 2^23, which leaves a float's integer
// part in its low mantissa bits (exact for |t| < 2^22; here |t| < 128), instead of float <-> int
// conversions: WebAssembly's i32x4.trunc_sat_f32x4_s is about eight instructions in V8 on x86
// without AVX, and exp ran two per call. The same values, so the same bits, as the conversions gave.
template <class V>
inline V exp(V x) {
  using I = typename IntsOf<V>::type;
  const Constants& k = kConstants;
  const auto c = [](const v4f& v) { return widen<V>(v); };
  x = min_of(max_of(x, c(k.exp_min)), c(k.exp_max));
  const V t = x * c(k.log2e) + c(k.half);
  V n = (t + c(k.round)) - c(k.round);    // t rounded to an integer
  n = n - (V)((I)(n > t) & (I)c(k.one));  // ... corrected to floor
  const V r = x - n * c(k.ln2_hi) - n * c(k.ln2_lo);
  const V p = horner(r, k.exp_poly) * r * r + r + c(k.one);
  const I bits = ((I)(n + c(k.round)) - widen<I>(k.round_bits_less_bias)) << 23;  // (n + 127) << 23
  return p * (V)bits;
}

// log(x) for four lanes of positive, finite x, Cephes' logf: x = 2^e m, m in [sqrt(1/2), sqrt(2)),
// log(1 + f) by a degree-9 polynomial. Relative error about 1e-7; inputs below FLT_MIN are read as
// FLT_MIN (pmath::log handles zero, negatives, infinities and NaN before calling this).
inline v4f log(v4f x) {
  const Constants& k = kConstants;
  x = max_of(x, k.min_normal);
  v4i bits;
  std::memcpy(&bits, &x, sizeof bits);
  v4i e = ((bits >> 23) & k.exponent_mask) - k.exponent_bias;
  bits = (bits & k.mantissa_and_sign) | k.half_exponent;  // mantissa in [0.5, 1)
  v4f m;
  std::memcpy(&m, &bits, sizeof m);
  const v4i small = (v4i)(m < k.sqrt_half);  // all ones where m < sqrt(1/2)
  e = e + small;                             // ... then e - 1 and m doubled
  m = m + (v4f)(small & (v4i)m) - k.one;
  const v4f z = m * m;
  v4f y = horner(m, k.log_poly) * m * z;
  const v4f fe = __builtin_convertvector(e, v4f);
  y = y + fe * k.ln2_lo - k.half * z;
  return m + y + fe * k.ln2_hi;
}

// erf(x) for four or sixteen lanes, about 1e-7 relative. |x| < 0.5: its Taylor series to x^13.
// Otherwise 1 - erfc(|x|) with erfc from the Chebyshev fit of Numerical Recipes (erfcc, section 6.2;
// fractional error below 1.2e-7): t = 1 / (1 + |x|/2), erfc = t exp(-x^2 - 1.26551223 + t P(t)).
// |x| >= 4 gives +-1, as float rounds erf there.
template <class V>
inline V erf(V x) {
  using I = typename IntsOf<V>::type;
  const Constants& k = kConstants;
  const auto c = [](const v4f& v) { return widen<V>(v); };
  const I sign_bit = widen<I>(k.sign);
  const V sign = (V)((I)x & sign_bit);
  const V a = min_of((V)((I)x & ~sign_bit), c(k.erf_max));
  const V z = a * a;
  // x (1 - x^2/3 + x^4/10 - ...) times 2/sqrt(pi)
  const V small = horner(z, k.erf_series) * a * c(k.two_over_sqrt_pi);
  const V t = c(k.one) / (c(k.one) + c(k.half) * a);
  const V large = c(k.one) - t * exp(t * horner(t, k.erfc_poly) - z - c(k.erfc_offset));
  const I use_small = (I)(a < c(k.half));
  const V r = (V)((use_small & (I)small) | (~use_small & (I)large));
  return (V)((I)r | (I)sign);
}

template <class V>
inline V sigmoid(V x) {
  const V one = widen<V>(kConstants.one);
  return one / (one + exp(-x));
}

// tanh(x) = m / (m + 2) with m = e^(2|x|) - 1, the sign put back; about 2e-7 relative everywhere,
// saturating cleanly at +-1. For |x| < 1/4, e^y - 1 comes from its Taylor series (y + y^2/2 + ...
// to y^9), so small arguments keep their relative accuracy.
template <class V>
inline V tanh(V x) {
  using I = typename IntsOf<V>::type;
  const Constants& k = kConstants;
  const auto c = [](const v4f& v) { return widen<V>(v); };
  const I sign_bit = widen<I>(k.sign);
  const V sign = (V)((I)x & sign_bit);
  const V a = (V)((I)x & ~sign_bit);
  const V y = a + a;
  const V p = horner(y, k.expm1_series) * y * y + y;
  const I use_series = (I)(a < c(k.quarter));
  const V m = (V)((use_series & (I)p) | (~use_series & (I)(exp(y) - c(k.one))));
  return (V)((I)(m / (m + c(k.two))) | (I)sign);
}

}  // namespace attnlab::simd
