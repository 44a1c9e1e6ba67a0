#include "layers/linear.h"

#include <cmath>

#include "core/cold.h"
#include "core/matmul.h"

namespace attnlab {

void init_uniform(Mat& m, Rng& rng, double bound) {
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Real>(rng.uniform(-bound, bound));
}

Linear::Linear(int in, int out, bool with_bias)
    : in_features(in), out_features(out), has_bias(with_bias), weight(Param::matrix(out, in)) {
  if (has_bias) bias = Param::vector(out);
}

ATTNLAB_COLD void Linear::init(Rng& rng) {
  const double bound = 1.0 / std::sqrt(static_cast<double>(in_features));
  init_uniform(weight.value, rng, bound);
  if (has_bias) init_uniform(bias.value, rng, bound);
}

Mat Linear::forward(const Mat& x) const {
  Mat y;
  if (has_bias)
    matmul_nt_bias(x, weight.value, bias.value, y);
  else
    matmul_nt(x, weight.value, y);
  return y;
}

ATTNLAB_COLD Mat Linear::backward(const Mat& x, const Mat& dy) {
  matmul_tn_acc(dy, x, weight.grad);
  if (has_bias) add_column_sums(dy, bias.grad);
  return matmul_nn(dy, weight.value);
}

void Linear::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight"), weight);
  if (has_bias) f(join_name(prefix, "bias"), bias);
}

}  // namespace attnlab
