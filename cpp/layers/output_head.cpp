#include "layers/output_head.h"

#include <cmath>

#include "core/cold.h"
#include "core/matmul.h"

namespace attnlab {

ATTNLAB_COLD OutputHead::OutputHead(int in, int vocab, int embed_dim, bool tie)
    : tied(tie), linear(in, tie ? embed_dim : vocab, /*with_bias=*/!tie) {
  if (tied) bias = Param::vector(vocab);
}

ATTNLAB_COLD OutputHead::OutputHead(OutputHead&&) noexcept = default;
ATTNLAB_COLD OutputHead& OutputHead::operator=(OutputHead&&) noexcept = default;
ATTNLAB_COLD OutputHead::~OutputHead() = default;

ATTNLAB_COLD void OutputHead::init(Rng& rng) {
  linear.init(rng);
  if (tied) init_uniform(bias.value, rng, 1.0 / std::sqrt(static_cast<double>(linear.out_features)));
}

Mat OutputHead::forward(const Mat& x, const Embedding& table) const {
  if (!tied) return linear.forward(x);
  Mat y;
  matmul_nt_bias(linear.forward(x), table.weight.value, bias.value, y);
  return y;
}

ATTNLAB_COLD Mat OutputHead::backward(const Mat& x, const Mat& dy, Embedding& table) {
  if (!tied) return linear.backward(x, dy);
  // forward was: u = x P^T, y = u E^T + b  =>  dE += dy^T u, db += sum_n dy_n, du = dy E
  const Mat u = linear.forward(x);
  matmul_tn_acc(dy, u, table.weight.grad);
  add_column_sums(dy, bias.grad);
  return linear.backward(x, matmul_nn(dy, table.weight.value));
}

ATTNLAB_COLD void OutputHead::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  if (!tied) return linear.for_each_param(prefix, f);
  linear.for_each_param(join_name(prefix, "proj"), f);
  f(join_name(prefix, "bias"), bias);
}

}  // namespace attnlab
