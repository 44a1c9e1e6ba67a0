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
inline v4f vmin(v4f a, v4f b) { return a < b ? a : b; }
inline v4f vmax(v4f a, v4f b) { return a > b ? a : b; }

// exp(x) for four lanes, Cephes' expf: x = n ln2 + r, |r| <= ln2/2, exp(r) by a degree-6
// polynomial, 2^n built in the exponent bits. Relative error about 2e-7 over [-87, 88].
inline v4f exp(v4f x) {
  x = vmin(vmax(x, splat(-87.3f)), splat(88.3f));
  const v4f t = x * splat(1.44269504088896341f) + splat(0.5f);
  v4f n = __builtin_convertvector(__builtin_convertvector(t, v4i), v4f);  // truncation toward zero
  n = n - (v4f)((v4i)(n > t) & (v4i)splat(1.0f));                         // ... corrected to floor
  const v4f r = x - n * splat(0.693359375f) - n * splat(-2.12194440e-4f);
  v4f p = splat(1.9875691500e-4f);
  p = p * r + splat(1.3981999507e-3f);
  p = p * r + splat(8.3334519073e-3f);
  p = p * r + splat(4.1665795894e-2f);
  p = p * r + splat(1.6666665459e-1f);
  p = p * r + splat(5.0000001201e-1f);
  p = p * r * r + r + splat(1.0f);
  const v4i bits = (__builtin_convertvector(n, v4i) + 127) << 23;
  return p * (v4f)bits;
}

inline v4f sigmoid(v4f x) { return splat(1.0f) / (splat(1.0f) + exp(-x)); }
// tanh(x) = 1 - 2 / (exp(2x) + 1); exact to about 1e-7 absolute, saturating cleanly at +-1.
inline v4f tanh(v4f x) { return splat(1.0f) - splat(2.0f) / (exp(x + x) + splat(1.0f)); }

}  // namespace attnlab::simd
