#include "layers/activations.h"

#include "core/cold.h"
#include "core/matmul.h"

namespace attnlab {

Mat tanh_forward(const Mat& x) {
  Mat y = x;
  tanh_inplace(y.data(), y.size());
  return y;
}
ATTNLAB_COLD Mat tanh_backward(const Mat& y, const Mat& dy) {
  return (dy.array() * (Real(1) - y.array().square())).matrix();
}

Mat sigmoid_forward(const Mat& x) {
  return x.unaryExpr([](Real v) { return sigmoid(v); });
}
ATTNLAB_COLD Mat sigmoid_backward(const Mat& y, const Mat& dy) {
  return (dy.array() * y.array() * (Real(1) - y.array())).matrix();
}

Mat relu_forward(const Mat& x) { return x.cwiseMax(Real(0)); }
ATTNLAB_COLD Mat relu_backward(const Mat& x, const Mat& dy) {
  return (dy.array() * (x.array() > Real(0)).cast<Real>()).matrix();
}

Mat gelu_forward(const Mat& x) {
  Mat y = x;
  gelu_inplace(y.data(), y.size());
  return y;
}
ATTNLAB_COLD Mat gelu_backward(const Mat& x, const Mat& dy) {
  Mat g = x;
  gelu_grad_inplace(g.data(), g.size());
  return (dy.array() * g.array()).matrix();
}

}  // namespace attnlab
