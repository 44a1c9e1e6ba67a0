// nn.Linear: y = x W^T + b.
#pragma once

#include <string>

#include "core/param.h"
#include "core/rng.h"

namespace attnlab {

struct Linear {
  int in_features = 0, out_features = 0;
  bool has_bias = true;
  Param weight;  // (O, I)  linear.weight
  Param bias;    // (O)     linear.bias (absent when has_bias is false)

  Linear() = default;
  Linear(int in, int out, bool with_bias = true);

  // PyTorch's default: U(-1/sqrt(I), 1/sqrt(I)) for weight and bias.
  void init(Rng& rng);
  // x (N, I) -> (N, O)
  Mat forward(const Mat& x) const;
  // forward was: y = x W^T + b  =>  dW += dy^T x,  db += sum_n dy_n,  dx = dy W
  Mat backward(const Mat& x, const Mat& dy);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

// Fills a matrix with U(-bound, bound) from rng.
void init_uniform(Mat& m, Rng& rng, double bound);

}  // namespace attnlab
