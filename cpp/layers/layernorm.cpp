#include "layers/layernorm.h"

#include <cmath>

#include "core/cold.h"

namespace attnlab {

LayerNorm::LayerNorm(int d, double epsilon) : dim(d), eps(epsilon), weight(Param::vector(d)), bias(Param::vector(d)) {
  weight.value.setOnes();
}

Mat LayerNorm::forward(const Mat& x, Cache& cache) const {
  const Eigen::Index n = x.rows();
  cache.xhat.resize(n, dim);
  cache.rstd.resize(n);
  for (Eigen::Index r = 0; r < n; ++r) {
    const Real mean = x.row(r).mean();
    const Real var = (x.row(r).array() - mean).square().mean();  // biased, as PyTorch
    const Real rstd = Real(1) / std::sqrt(var + static_cast<Real>(eps));
    cache.rstd(r) = rstd;
    cache.xhat.row(r) = (x.row(r).array() - mean) * rstd;
  }
  Mat y = cache.xhat.array().rowwise() * weight.value.row(0).array();
  y.rowwise() += bias.value.row(0);
  return y;
}

ATTNLAB_COLD Mat LayerNorm::backward(const Cache& cache, const Mat& dy) {
  weight.grad += (dy.array() * cache.xhat.array()).colwise().sum().matrix();
  bias.grad += dy.colwise().sum();
  const Mat dxhat = dy.array().rowwise() * weight.value.row(0).array();
  Mat dx(dy.rows(), dy.cols());
  for (Eigen::Index r = 0; r < dy.rows(); ++r) {
    const Real mean_d = dxhat.row(r).mean();
    const Real mean_dx = (dxhat.row(r).array() * cache.xhat.row(r).array()).mean();
    dx.row(r) = cache.rstd(r) * (dxhat.row(r).array() - mean_d - cache.xhat.row(r).array() * mean_dx);
  }
  return dx;
}

void LayerNorm::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight"), weight);
  f(join_name(prefix, "bias"), bias);
}

}  // namespace attnlab
