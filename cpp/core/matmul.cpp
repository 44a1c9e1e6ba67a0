#include "core/matmul.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/pmath.h"
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
      v4f s0 = simd::hsum4(a00, a01, a02, a03), s1 = simd::hsum4(a10, a11, a12, a13);
      for (int i = I4; i < I; ++i) {
        const v4f b = {w0[i], w1[i], w2[i], w3[i]};
        s0 += simd::splat(x0[i]) * b, s1 += simd::splat(x1[i]) * b;
      }
      simd::store(y + static_cast<size_t>(n) * O + o, s0);
      simd::store(y + static_cast<size_t>(n + 1) * O + o, s1);
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
    // Six rows of w at a time: six chains of adds where four left V8's code waiting on them (the
    // kernel alone 0.60 -> 0.66 of the SIMD128 peak in one process, the LSTM forward 0.96 of its
    // time); eight spill to the stack and were slower (docs/performance.md). Each output sums in
    // the same order as in the four-row block below, so the bits do not depend on the block.
    for (; o + 6 <= O; o += 6) {
      const float* w0 = w + static_cast<size_t>(o) * I;
      const float *w1 = w0 + I, *w2 = w1 + I, *w3 = w2 + I, *w4 = w3 + I, *w5 = w4 + I;
      v4f a0 = simd::splat(0), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0;
      for (int i = 0; i < I4; i += 4) {
        const v4f u = simd::load(x0 + i);
        a0 += u * simd::load(w0 + i), a1 += u * simd::load(w1 + i);
        a2 += u * simd::load(w2 + i), a3 += u * simd::load(w3 + i);
        a4 += u * simd::load(w4 + i), a5 += u * simd::load(w5 + i);
      }
      v4f s = simd::hsum4(a0, a1, a2, a3), t = simd::hsum4(a4, a5, a4, a5);
      for (int i = I4; i < I; ++i) {
        s += simd::splat(x0[i]) * v4f{w0[i], w1[i], w2[i], w3[i]};
        t += simd::splat(x0[i]) * v4f{w4[i], w5[i], w4[i], w5[i]};
      }
      float* yo = y + static_cast<size_t>(n) * O + o;
      simd::store(yo, s);
      yo[4] = t[0], yo[5] = t[1];
    }
    for (; o + 4 <= O; o += 4) {
      const float* w0 = w + static_cast<size_t>(o) * I;
      const float *w1 = w0 + I, *w2 = w1 + I, *w3 = w2 + I;
      v4f a0 = simd::splat(0), a1 = a0, a2 = a0, a3 = a0;
      for (int i = 0; i < I4; i += 4) {
        const v4f u = simd::load(x0 + i);
        a0 += u * simd::load(w0 + i), a1 += u * simd::load(w1 + i);
        a2 += u * simd::load(w2 + i), a3 += u * simd::load(w3 + i);
      }
      v4f s = simd::hsum4(a0, a1, a2, a3);
      for (int i = I4; i < I; ++i) s += simd::splat(x0[i]) * v4f{w0[i], w1[i], w2[i], w3[i]};
      simd::store(y + static_cast<size_t>(n) * O + o, s);
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

// y (N, I) = x (N, O) w (O, I). Sixteen outputs of a row at a time in four vector accumulators,
// the terms added in order of o.
void gemm_nn(const float* x, int N, int O, const float* w, int I, float* y) {
  using simd::v4f;
  const int I16 = I & ~15, I4 = I & ~3;
  for (int n = 0; n < N; ++n) {
    const float* xr = x + static_cast<size_t>(n) * O;
    float* yr = y + static_cast<size_t>(n) * I;
    int i = 0;
    for (; i < I16; i += 16) {
      v4f a0 = simd::splat(0), a1 = a0, a2 = a0, a3 = a0;
      for (int o = 0; o < O; ++o) {
        const v4f s = simd::splat(xr[o]);
        const float* wr = w + static_cast<size_t>(o) * I + i;
        a0 += s * simd::load(wr), a1 += s * simd::load(wr + 4), a2 += s * simd::load(wr + 8);
        a3 += s * simd::load(wr + 12);
      }
      simd::store(yr + i, a0), simd::store(yr + i + 4, a1), simd::store(yr + i + 8, a2);
      simd::store(yr + i + 12, a3);
    }
    for (; i < I4; i += 4) {
      v4f a = simd::splat(0);
      for (int o = 0; o < O; ++o) a += simd::splat(xr[o]) * simd::load(w + static_cast<size_t>(o) * I + i);
      simd::store(yr + i, a);
    }
    for (; i < I; ++i) {
      float a = 0;
      for (int o = 0; o < O; ++o) a += xr[o] * w[static_cast<size_t>(o) * I + i];
      yr[i] = a;
    }
  }
}

// c (O, I) += a^T b, a (N, O), b (N, I): each c row adds its N terms in order of n. Two rows of c
// at a time (eight vector accumulators), so every load of b serves two rows: the weight gradients
// of the recurrent cells have N = T, a dozen rows, and without the sharing the loads of b, not the
// multiply-adds, set the pace (most of all in WebAssembly).
void gemm_tn_acc(const float* a, int N, int O, const float* b, int I, float* c) {
  using simd::v4f;
  const int I16 = I & ~15, I4 = I & ~3;
  int o = 0;
  for (; o + 2 <= O; o += 2) {
    float* cr = c + static_cast<size_t>(o) * I;
    float* cq = cr + I;
    int i = 0;
    for (; i < I16; i += 16) {
      v4f p0 = simd::load(cr + i), p1 = simd::load(cr + i + 4), p2 = simd::load(cr + i + 8),
          p3 = simd::load(cr + i + 12);
      v4f q0 = simd::load(cq + i), q1 = simd::load(cq + i + 4), q2 = simd::load(cq + i + 8),
          q3 = simd::load(cq + i + 12);
      const float* ar = a + o;
      const float* br = b + i;
      for (int n = 0; n < N; ++n, ar += O, br += I) {
        const v4f s = simd::splat(ar[0]), t = simd::splat(ar[1]);
        const v4f b0 = simd::load(br), b1 = simd::load(br + 4), b2 = simd::load(br + 8), b3 = simd::load(br + 12);
        p0 += s * b0, p1 += s * b1, p2 += s * b2, p3 += s * b3;
        q0 += t * b0, q1 += t * b1, q2 += t * b2, q3 += t * b3;
      }
      simd::store(cr + i, p0), simd::store(cr + i + 4, p1), simd::store(cr + i + 8, p2);
      simd::store(cr + i + 12, p3);
      simd::store(cq + i, q0), simd::store(cq + i + 4, q1), simd::store(cq + i + 8, q2);
      simd::store(cq + i + 12, q3);
    }
    for (; i < I4; i += 4) {
      v4f p = simd::load(cr + i), q = simd::load(cq + i);
      for (int n = 0; n < N; ++n) {
        const v4f bv = simd::load(b + static_cast<size_t>(n) * I + i);
        p += simd::splat(a[static_cast<size_t>(n) * O + o]) * bv;
        q += simd::splat(a[static_cast<size_t>(n) * O + o + 1]) * bv;
      }
      simd::store(cr + i, p), simd::store(cq + i, q);
    }
    for (; i < I; ++i) {
      float p = cr[i], q = cq[i];
      for (int n = 0; n < N; ++n) {
        p += a[static_cast<size_t>(n) * O + o] * b[static_cast<size_t>(n) * I + i];
        q += a[static_cast<size_t>(n) * O + o + 1] * b[static_cast<size_t>(n) * I + i];
      }
      cr[i] = p, cq[i] = q;
    }
  }
  for (; o < O; ++o) {  // a last single row
    float* cr = c + static_cast<size_t>(o) * I;
    int i = 0;
    for (; i < I16; i += 16) {
      v4f c0 = simd::load(cr + i), c1 = simd::load(cr + i + 4), c2 = simd::load(cr + i + 8),
          c3 = simd::load(cr + i + 12);
      for (int n = 0; n < N; ++n) {
        const v4f s = simd::splat(a[static_cast<size_t>(n) * O + o]);
        const float* br = b + static_cast<size_t>(n) * I + i;
        c0 += s * simd::load(br), c1 += s * simd::load(br + 4), c2 += s * simd::load(br + 8);
        c3 += s * simd::load(br + 12);
      }
      simd::store(cr + i, c0), simd::store(cr + i + 4, c1), simd::store(cr + i + 8, c2);
      simd::store(cr + i + 12, c3);
    }
    for (; i < I4; i += 4) {
      v4f acc = simd::load(cr + i);
      for (int n = 0; n < N; ++n)
        acc += simd::splat(a[static_cast<size_t>(n) * O + o]) * simd::load(b + static_cast<size_t>(n) * I + i);
      simd::store(cr + i, acc);
    }
    for (; i < I; ++i) {
      float acc = cr[i];
      for (int n = 0; n < N; ++n) acc += a[static_cast<size_t>(n) * O + o] * b[static_cast<size_t>(n) * I + i];
      cr[i] = acc;
    }
  }
}

// p[i] = op(p[i]): op takes four or sixteen lanes (core/simd.h, "Sixteen lanes") and does the
// same to each, so every element gets the same bits whichever width it went through.
template <class Op>
void map_inplace(float* p, Eigen::Index n, Op op) {
  Eigen::Index i = 0;
  for (; i + 16 <= n; i += 16) simd::store(p + i, op(simd::load16(p + i)));
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

namespace {
void check_inner(Eigen::Index a, Eigen::Index b, const char* what) {
  if (a != b) throw std::logic_error(std::string(what) + ": inner sizes differ");
}
}  // namespace

// A large weight (an output layer over the vocabulary) with several rows goes through gemm_nt on
// transposed copies: the copies cost O(size) against O(N O I) multiply-adds, and gemm_nt reuses
// every load. Smaller ones (recurrent cells, attention heads) are faster in the kernels above.
bool transpose_pays(Eigen::Index rows, Eigen::Index weight_size) { return rows >= 4 && weight_size >= 65536; }

Mat matmul_nn(const Mat& x, const Mat& w) {
  check_inner(x.cols(), w.rows(), "matmul_nn");
  Mat y(x.rows(), w.cols());
#ifdef ATTNLAB_REAL_DOUBLE
  y.noalias() = x * w;
#else
  if (transpose_pays(x.rows(), w.size())) {
    const Mat wt = w.transpose();
    matmul_nt(x, wt, y);
  } else {
    gemm_nn(x.data(), static_cast<int>(x.rows()), static_cast<int>(x.cols()), w.data(), static_cast<int>(w.cols()),
            y.data());
  }
#endif
  return y;
}

RowVec matvec_nn(const RowVec& x, const Mat& w) {
  check_inner(x.size(), w.rows(), "matvec_nn");
  RowVec y(w.cols());
#ifdef ATTNLAB_REAL_DOUBLE
  y.noalias() = x * w;
#else
  gemm_nn(x.data(), 1, static_cast<int>(x.size()), w.data(), static_cast<int>(w.cols()), y.data());
#endif
  return y;
}

void matmul_tn_acc(const Mat& a, const Mat& b, Mat& c) {
  check_inner(a.rows(), b.rows(), "matmul_tn_acc");
  if (c.rows() != a.cols() || c.cols() != b.cols()) throw std::logic_error("matmul_tn_acc: output shape");
#ifdef ATTNLAB_REAL_DOUBLE
  c.noalias() += a.transpose() * b;
#else
  if (transpose_pays(a.rows(), c.size())) {
    const Mat at = a.transpose(), bt = b.transpose();
    Mat product;
    matmul_nt(at, bt, product);
    c += product;
  } else {
    gemm_tn_acc(a.data(), static_cast<int>(a.rows()), static_cast<int>(a.cols()), b.data(), static_cast<int>(b.cols()),
                c.data());
  }
#endif
}

void outer_acc(const RowVec& a, const RowVec& b, Mat& c) {
  if (c.rows() != a.size() || c.cols() != b.size()) throw std::logic_error("outer_acc: output shape");
#ifdef ATTNLAB_REAL_DOUBLE
  c.noalias() += a.transpose() * b;
#else
  gemm_tn_acc(a.data(), 1, static_cast<int>(a.size()), b.data(), static_cast<int>(b.size()), c.data());
#endif
}

void add_column_sums(const Mat& d, Mat& b) {
  if (b.rows() != 1 || b.cols() != d.cols()) throw std::logic_error("add_column_sums: output shape");
  if (d.rows() == 0) return;
#ifdef ATTNLAB_REAL_DOUBLE
  b += d.colwise().sum();
#else
  using simd::v4f;
  const Eigen::Index N = d.rows(), C = d.cols();
  const float* p = d.data();
  float* q = b.data();
  Eigen::Index c = 0;
  for (; c + 4 <= C; c += 4) {
    v4f acc = simd::load(p + c);
    for (Eigen::Index n = 1; n < N; ++n) acc += simd::load(p + n * C + c);
    simd::store(q + c, simd::load(q + c) + acc);
  }
  for (; c < C; ++c) {
    float acc = p[c];
    for (Eigen::Index n = 1; n < N; ++n) acc += p[n * C + c];
    q[c] += acc;
  }
#endif
}

void exp_inplace(Real* p, Eigen::Index n) noexcept {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = pmath::exp(p[i]);
#else
  map_inplace(p, n, [](auto v) { return simd::exp(v); });
#endif
}

void sigmoid_inplace(Real* p, Eigen::Index n) noexcept {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = pmath::sigmoid(p[i]);
#else
  map_inplace(p, n, [](auto v) { return simd::sigmoid(v); });
#endif
}

void gelu_inplace(Real* p, Eigen::Index n) noexcept {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = 0.5 * p[i] * (1 + pmath::erf(p[i] * M_SQRT1_2));
#else
  map_inplace(p, n, [](auto x) {
    const auto c = [](const simd::v4f& v) { return simd::widen<decltype(x)>(v); };
    const simd::Constants& k = simd::kConstants;
    return c(k.half) * x * (c(k.one) + simd::erf(x * c(k.inv_sqrt2)));
  });
#endif
}

void gelu_grad_inplace(Real* p, Eigen::Index n) noexcept {
#ifdef ATTNLAB_REAL_DOUBLE
  constexpr double kInvSqrt2Pi = 0.3989422804014327;
  for (Eigen::Index i = 0; i < n; ++i)
    p[i] = 0.5 * (1 + pmath::erf(p[i] * M_SQRT1_2)) + p[i] * kInvSqrt2Pi * pmath::exp(-0.5 * p[i] * p[i]);
#else
  map_inplace(p, n, [](auto x) {
    const auto c = [](const simd::v4f& v) { return simd::widen<decltype(x)>(v); };
    const simd::Constants& k = simd::kConstants;
    const auto cdf = c(k.half) * (c(k.one) + simd::erf(x * c(k.inv_sqrt2)));
    return cdf + x * c(k.inv_sqrt_2pi) * simd::exp(c(k.minus_half) * x * x);
  });
#endif
}

void tanh_inplace(Real* p, Eigen::Index n) noexcept {
#ifdef ATTNLAB_REAL_DOUBLE
  for (Eigen::Index i = 0; i < n; ++i) p[i] = pmath::tanh(p[i]);
#else
  map_inplace(p, n, [](auto v) { return simd::tanh(v); });
#endif
}

}  // namespace attnlab
