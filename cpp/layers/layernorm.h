// nn.LayerNorm over the last dimension: y = (x - mean) / sqrt(var + eps) * gamma + beta.
#pragma once

#include <string>

#include "core/param.h"

namespace attnlab {

struct LayerNorm {
  int dim = 0;
  double eps = 1e-5;
  Param weight;  // (D)  norm.weight (gamma), initialised to 1
  Param bias;    // (D)  norm.bias (beta), initialised to 0

  struct Cache {
    Mat xhat;                                     // (N, D) normalized input
    Eigen::Matrix<Real, Eigen::Dynamic, 1> rstd;  // (N) 1 / sqrt(var + eps)
  };

  LayerNorm() = default;
  explicit LayerNorm(int d, double epsilon = 1e-5);

  Mat forward(const Mat& x, Cache& cache) const;  // (N, D) -> (N, D)
  // forward was: y = xhat g + b, xhat = (x - mu) rstd
  //   => dg += sum_n dy xhat, db += sum_n dy,
  //      dx = rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat)) with dxhat = dy g
  Mat backward(const Cache& cache, const Mat& dy);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
