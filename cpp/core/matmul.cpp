#include "core/matmul.h"

#include <cmath>

#include "core/simd.h"

namespace attnlab {

namespace {

#ifndef ATTNLAB_REAL_DOUBLE
// y[n, o] = dot(x[n, :], w[o, :]). Two rows of x and four rows of w at a time: eight vector
// accumulators, each w load used twice and each x load four times.
void gemm_nt(const float* x, int N, int I, const float* w, int O, float* y) {
  using simd::v4f;
  const int I4 = I & ~3;
  int n = 0;
  for (; n + 2 <= N; n += 2) {
    const float* x0 = x + static_cast<size_t>(n) * I;
    const float* x1 = x0 + I;
    int o = 0;
    for (; o + 4 <= O; o += 4) {
      const float* w0 = w + static_cast<size_t>(o) * I;
      const float *w1 = w0 + I, *w2 = w1 + I, *w3 = w2 + I;
      v4f a00 = simd::splat(0), a01 = a00, a02 = a00, a03 = a00, a10 = a00, a11 = a00, a12 = a00, a13 = a00;
      for (int i = 0; i < I4; i += 4) {
        const v4f u = simd::load(x0 + i), v = simd::load(x1 + i);
        const v4f b0 = simd::load(w0 + i), b1 = simd::load(w1 + i), b2 = simd::load(w2 + i), b3 = simd::load(w3 + i);
        a00 += u * b0, a01 += u * b1, a02 += u * b2, a03 += u * b3;
        a10 += v * b0, a11 += v * b1, a12 += v * b2, a13 += v * b3;
      }
      float s[2][4] = {{simd::hsum(a00), simd::hsum(a01), simd::hsum(a02), simd::hsum(a03)},
                       {simd::hsum(a10), simd::hsum(a11), simd::hsum(a12), simd::hsum(a13)}};
      for (int i = I4; i < I; ++i)
        for (int k = 0; k < 4; ++k) {
          s[0][k] += x0[i] * w[static_cast<size_t>(o + k) * I + i];
          s[1][k] += x1[i] * w[static_cast<size_t>(o + k) * I + i];
        }
      for (int k = 0; k < 4; ++k) {
        y[static_cast<size_t>(n) * O + o + k] = s[0][k];
        y[static_cast<size_t>(n + 1) * O + o + k] = s[1][k];
      }
    }
    for (; o < O; ++o) {
      const float* wr = w + static_cast<size_t>(o) * I;
      v4f a0 = simd::splat(0), a1 = a0;
      for (int i = 0; i < I4; i += 4) {
        const v4f b = simd::load(wr + i);
        a0 += simd::load(x0 + i) * b;
        a1 += simd::load(x1 + i) * b;
      }
      float s0 = simd::hsum(a0), s1 = simd::hsum(a1);
      for (int i = I4; i < I; ++i) s0 += x0[i] * wr[i], s1 += x1[i] * wr[i];
      y[static_cast<size_t>(n) * O + o] = s0;
      y[static_cast<size_t>(n + 1) * O + o] = s1;
    }
  }
  for (; n < N; ++n) {  // a last single row: the matrix-vector case of every recurrent step
    const float* x0 = x + static_cast<size_t>(n) * I;
    int o = 0;
    for (; o + 4 <= O; o += 4) {
      const float* w0 = w + static_cast<size_t>(o) * I;
      const float *w1 = w0 + I, *w2 = w1 + I, *w3 = w2 + I;
      v4f a0 = simd::splat(0), a1 = a0, a2 = a0, a3 = a0;
      for (int i = 0; i < I4; i += 4) {
        const v4f u = simd::load(x0 + i);
        a0 += u * simd::load(w0 + i), a1 += u * simd::load(w1 + i);
        a2 += u * simd::load(w2 + i), a3 += u * simd::load(w3 + i);
      }
      float s[4] = {simd::hsum(a0), simd::hsum(a1), simd::hsum(a2), simd::hsum(a3)};
      for (int i = I4; i < I; ++i)
        for (int k = 0; k < 4; ++k) s[k] += x0[i] * w[static_cast<size_t>(o + k) * I + i];
      for (int k = 0; k < 4; ++k) y[static_cast<size_t>(n) * O + o + k] = s[k];
    }
    for (; o < O; ++o) {
      const float* wr = w + static_cast<size_t>(o) * I;
      v4f a = simd::splat(0);
      for (int i = 0; i < I4; i += 4) a += simd::load(x0 + i) * simd::load(wr + i);
      float s = simd::hsum(a);
      for (int i = I4; i < I; ++i) s += x0[i] * wr[i];
      y[static_cast<size_t>(n) * O + o] = s;
    }
  }
}

template <class Op>
void map_inplace(float* p, Eigen::Index n, Op op) {
  Eigen::Index i = 0;
  for (; i + 4 <= n; i += 4) simd::store(p + i, op(simd::load(p + i)));
  if (i < n) {  // the tail through the same vector code, so every element gets identical rounding
    float tail[4] = {0, 0, 0, 0};
    for (Eigen::Index k = i; k < n; ++k) tail[k - i] = p[k];
    simd::store(tail, op(simd::load(tail)));
    for (Eigen::Index k = i; k < n; ++k) p[k] = tail[k - i];
  }
}
#endif

}  // namespace

void matmul_nt(const Mat& x, const Mat& w, Mat& y) {
  y.resize(x.rows(), w.rows());
#ifdef ATTNLAB_REAL_DOUBLE
  y.noalias() = x * w.transpose();
#else
  gemm_nt(x.data(), static_cast<int>(x.rows()), static_cast<int>(x.cols()), w.data(), static_cast<int>(w.rows()),
          y.data());
#endif
}

void matmul_nt_bias(const Mat& x, const Mat& w, const Mat& bias, Mat& y) {
  matmul_nt(x, w, y);
  y.rowwise() += bias.row(0);
}

void matvec_nt(const RowVec& x, const Mat& w, RowVec& y) {
  y.resize(w.rows());
#ifdef ATTNLAB_REAL_DOUBLE
  y.noalias() = x * w.transpose();
#else
  gemm_nt(x.data(), 1, static_cast<int>(x.size()), w.data(), static_cast<int>(w.rows()), y.data());
#endif
}

void exp_inplace(Real* p, Eigen::Index n) {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = std::exp(p[i]);
#else
  map_inplace(p, n, [](simd::v4f v) { return simd::exp(v); });
#endif
}

void sigmoid_inplace(Real* p, Eigen::Index n) {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i)
    p[i] = p[i] >= 0 ? 1 / (1 + std::exp(-p[i])) : std::exp(p[i]) / (1 + std::exp(p[i]));
#else
  map_inplace(p, n, [](simd::v4f v) { return simd::sigmoid(v); });
#endif
}

void tanh_inplace(Real* p, Eigen::Index n) {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = std::tanh(p[i]);
#else
  map_inplace(p, n, [](simd::v4f v) { return simd::tanh(v); });
#endif
}

}  // namespace attnlab
