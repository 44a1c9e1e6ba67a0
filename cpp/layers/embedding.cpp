#include "layers/embedding.h"

#include <stdexcept>

#include "core/cold.h"

namespace attnlab {

Embedding::Embedding(int num, int dim) : num_embeddings(num), embedding_dim(dim), weight(Param::matrix(num, dim)) {}

ATTNLAB_COLD void Embedding::init(Rng& rng, double uniform_range) {
  for (Eigen::Index i = 0; i < weight.value.size(); ++i)
    weight.value.data()[i] =
        static_cast<Real>(uniform_range > 0 ? rng.uniform(-uniform_range, uniform_range) : rng.normal());
}

Mat Embedding::forward(const std::vector<int>& ids) const {
  Mat y(static_cast<Eigen::Index>(ids.size()), embedding_dim);
  for (size_t t = 0; t < ids.size(); ++t) {
    if (ids[t] < 0 || ids[t] >= num_embeddings)
      throw std::out_of_range("token id " + std::to_string(ids[t]) + " is outside the vocabulary of " +
                              std::to_string(num_embeddings));
    y.row(static_cast<Eigen::Index>(t)) = weight.value.row(ids[t]);
  }
  return y;
}

ATTNLAB_COLD void Embedding::backward(const std::vector<int>& ids, const Mat& dy) {
  if (input_grad) *input_grad = dy;
  for (size_t t = 0; t < ids.size(); ++t) weight.grad.row(ids[t]) += dy.row(static_cast<Eigen::Index>(t));
}

void Embedding::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight"), weight);
}

}  // namespace attnlab
