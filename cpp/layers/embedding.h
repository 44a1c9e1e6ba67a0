// nn.Embedding: row lookup into a (V, E) table.
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"

namespace attnlab {

struct Embedding {
  int num_embeddings = 0, embedding_dim = 0;
  Param weight;  // (V, E)  embedding.weight

  Embedding() = default;
  Embedding(int num, int dim);

  // PyTorch's default, N(0, 1); with uniform_range > 0, U(-uniform_range, uniform_range) instead (a
  // table that is also the output layer's, OutputHead::table_init_range).
  void init(Rng& rng, double uniform_range = 0);
  // ids (T) -> (T, E). Throws std::out_of_range for an id outside [0, V).
  Mat forward(const std::vector<int>& ids) const;
  // forward was: y_t = W[id_t]  =>  dW[id_t] += dy_t
  void backward(const std::vector<int>& ids, const Mat& dy);
  // When set, backward also copies dy, the gradient of each looked-up row, here (gradient x input,
  // Model::input_importance); null in training.
  Mat* input_grad = nullptr;
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
