#include "layers/activations.h"

#include <cmath>

namespace attnlab {

Mat tanh_forward(const Mat& x) { return x.array().tanh().matrix(); }
Mat tanh_backward(const Mat& y, const Mat& dy) { return (dy.array() * (Real(1) - y.array().square())).matrix(); }

Mat sigmoid_forward(const Mat& x) {
  return x.unaryExpr([](Real v) { return sigmoid(v); });
}
Mat sigmoid_backward(const Mat& y, const Mat& dy) { return (dy.array() * y.array() * (Real(1) - y.array())).matrix(); }

Mat relu_forward(const Mat& x) { return x.cwiseMax(Real(0)); }
Mat relu_backward(const Mat& x, const Mat& dy) { return (dy.array() * (x.array() > Real(0)).cast<Real>()).matrix(); }

Mat gelu_forward(const Mat& x) {
  return x.unaryExpr([](Real v) { return Real(0.5) * v * (Real(1) + std::erf(v * Real(M_SQRT1_2))); });
}
Mat gelu_backward(const Mat& x, const Mat& dy) {
  const Real inv_sqrt_2pi = Real(0.3989422804014327);
  Mat dx(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const Real v = x.data()[i];
    const Real cdf = Real(0.5) * (Real(1) + std::erf(v * Real(M_SQRT1_2)));
    const Real pdf = inv_sqrt_2pi * std::exp(Real(-0.5) * v * v);
    dx.data()[i] = dy.data()[i] * (cdf + v * pdf);
  }
  return dx;
}

}  // namespace attnlab
