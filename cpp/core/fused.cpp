#include "core/fused.h"

#include "core/pmath.h"
#include "core/simd.h"

namespace attnlab {

#ifndef ATTNLAB_REAL_DOUBLE

using simd::v4f;

// The sums below run lane by lane in order of j, like gemm_nn and gemm_nt's one-output case in
// core/matmul.cpp, so a score or gradient gets the bits it got from those kernels.

void additive_scores_kernel(const float* keys, const float* query, const float* v, int S, int A, float* hidden,
                            float* scores) noexcept {
  const int A4 = A & ~3;
  for (int j = 0; j < S; ++j) {
    const float* k = keys + static_cast<size_t>(j) * A;
    float* p = hidden + static_cast<size_t>(j) * A;
    int a = 0;  // tanh on sixteen lanes where it can (core/simd.h, "Sixteen lanes"), then the sum
    for (; a + 16 <= A4; a += 16) simd::store(p + a, simd::tanh(simd::load16(k + a) + simd::load16(query + a)));
    for (; a < A4; a += 4) simd::store(p + a, simd::tanh(simd::load(k + a) + simd::load(query + a)));
    v4f acc = simd::splat(0);
    for (a = 0; a < A4; a += 4) acc += simd::load(p + a) * simd::load(v + a);
    float e = simd::hsum(acc);
    if (A4 < A) {  // the tail through the same vector tanh
      float t[4] = {0, 0, 0, 0};
      for (int a = A4; a < A; ++a) t[a - A4] = k[a] + query[a];
      simd::store(t, simd::tanh(simd::load(t)));
      for (int a = A4; a < A; ++a) {
        p[a] = t[a - A4];
        e += p[a] * v[a];
      }
    }
    scores[j] = e;
  }
}

void additive_scores_backward_kernel(const float* de, const float* hidden, const float* v, int S, int A, float* dkeys,
                                     float* dquery, float* dv) noexcept {
  const int A4 = A & ~3;
  for (int a = 0; a < A; ++a) dquery[a] = dv[a] = 0;
  for (int j = 0; j < S; ++j) {
    const float* p = hidden + static_cast<size_t>(j) * A;
    float* dk = dkeys + static_cast<size_t>(j) * A;
    const v4f s = simd::splat(de[j]);
    for (int a = 0; a < A4; a += 4) {
      const v4f P = simd::load(p + a);
      const v4f t = s * simd::load(v + a) * (simd::kConstants.one - P * P);
      simd::store(dk + a, simd::load(dk + a) + t);
      simd::store(dquery + a, simd::load(dquery + a) + t);
      simd::store(dv + a, simd::load(dv + a) + s * P);
    }
    for (int a = A4; a < A; ++a) {
      const float t = de[j] * v[a] * (1.0f - p[a] * p[a]);
      dk[a] += t;
      dquery[a] += t;
      dv[a] += de[j] * p[a];
    }
  }
}

void tanh_backward_kernel(const float* y, const float* dy, int n, float* dx) noexcept {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    const v4f Y = simd::load(y + i);
    simd::store(dx + i, simd::load(dy + i) * (simd::kConstants.one - Y * Y));
  }
  for (; i < n; ++i) dx[i] = dy[i] * (1.0f - y[i] * y[i]);
}

#else  // the double build of the gradient checks: the same loops, one value at a time

void additive_scores_kernel(const double* keys, const double* query, const double* v, int S, int A, double* hidden,
                            double* scores) noexcept {
  for (int j = 0; j < S; ++j) {
    double e = 0;
    for (int a = 0; a < A; ++a) {
      const size_t i = static_cast<size_t>(j) * A + a;
      hidden[i] = pmath::tanh(keys[i] + query[a]);
      e += hidden[i] * v[a];
    }
    scores[j] = e;
  }
}

void additive_scores_backward_kernel(const double* de, const double* hidden, const double* v, int S, int A,
                                     double* dkeys, double* dquery, double* dv) noexcept {
  for (int a = 0; a < A; ++a) dquery[a] = dv[a] = 0;
  for (int j = 0; j < S; ++j)
    for (int a = 0; a < A; ++a) {
      const double p = hidden[static_cast<size_t>(j) * A + a], t = de[j] * v[a] * (1.0 - p * p);
      dkeys[static_cast<size_t>(j) * A + a] += t;
      dquery[a] += t;
      dv[a] += de[j] * p;
    }
}

void tanh_backward_kernel(const double* y, const double* dy, int n, double* dx) noexcept {
  for (int i = 0; i < n; ++i) dx[i] = dy[i] * (1.0 - y[i] * y[i]);
}

#endif

}  // namespace attnlab
