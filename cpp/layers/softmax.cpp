#include "layers/softmax.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/cold.h"
#include "core/matmul.h"
#include "layers/activations.h"

namespace attnlab {

const char* to_string(Normalization n) { return n == Normalization::Softmax ? "softmax" : "sigmoid"; }

namespace {

// Softmax weights and their gradients below this are stored as exactly 0. exp() floors at about
// FLT_MIN, so a position whose score is 87 below its row's maximum would get a subnormal weight, and
// its gradient y * (dy - dot) a subnormal too; x86 computes on subnormals through a microcode assist
// (about 100x a normal multiply-add) and WebAssembly may not flush them, so a model whose attention
// had grown that sharp trained 6-10x slower (docs/performance.md, "Subnormal attention weights").
// 1e-30 leaves 8 decades for the products that follow; such a weight is invisible in every figure,
// and Adam's eps (1e-8) makes a gradient this small move no weight. A plain comparison: the same
// bits on every processor.
constexpr Real kNegligible = static_cast<Real>(1e-30);

void flush_negligible(Mat& m) {
  Real* p = m.data();
  for (Eigen::Index i = 0; i < m.size(); ++i) p[i] = std::abs(p[i]) < kNegligible ? Real(0) : p[i];
}

}  // namespace

Mat softmax_rows(const Mat& x, const Mask* mask) {
  Mat y(x.rows(), x.cols());
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    Real max = -std::numeric_limits<Real>::infinity();
    for (Eigen::Index c = 0; c < x.cols(); ++c)
      if (!mask || (*mask)(r, c)) max = std::max(max, x(r, c));
    if (!(max > -std::numeric_limits<Real>::infinity())) {  // nothing allowed in this row
      y.row(r).setZero();
      continue;
    }
    y.row(r) = x.row(r).array() - max;
    exp_inplace(&y(r, 0), y.cols());
    if (mask)
      for (Eigen::Index c = 0; c < x.cols(); ++c)
        if (!(*mask)(r, c)) y(r, c) = 0;
    y.row(r) /= y.row(r).sum();
  }
  flush_negligible(y);
  return y;
}

ATTNLAB_COLD Mat softmax_rows_backward(const Mat& y, const Mat& dy) {
  const Eigen::Matrix<Real, Eigen::Dynamic, 1> dot = (y.array() * dy.array()).rowwise().sum();
  Mat dx = (y.array() * (dy.array().colwise() - dot.array())).matrix();
  flush_negligible(dx);
  return dx;
}

Mat sigmoid_masked(const Mat& x, const Mask* mask) {
  Mat y = x;
  sigmoid_inplace(y.data(), y.size());
  if (mask) y = mask->select(y, Mat::Zero(y.rows(), y.cols()));
  return y;
}

ATTNLAB_COLD Mat sigmoid_masked_backward(const Mat& y, const Mat& dy) { return sigmoid_backward(y, dy); }

Mat normalize_rows(Normalization kind, const Mat& x, const Mask* mask) {
  return kind == Normalization::Softmax ? softmax_rows(x, mask) : sigmoid_masked(x, mask);
}

ATTNLAB_COLD Mat normalize_rows_backward(Normalization kind, const Mat& y, const Mat& dy) {
  return kind == Normalization::Softmax ? softmax_rows_backward(y, dy) : sigmoid_masked_backward(y, dy);
}

Mask causal_mask(int T) {
  Mask m(T, T);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) m(i, j) = j <= i;
  return m;
}

}  // namespace attnlab
