// The layer that turns a model's features x (N, I) into logits over its vocabulary (N, V): an
// nn.Linear, or one tied to the model's embedding table (Press & Wolf 2017, "Using the Output
// Embedding to Improve Language Models"; PyTorch's word_language_model --tied):
//   untied:  logits = x W^T + b                    head.weight (V, I), head.bias (V)
//   tied:    logits = (x P^T) E^T + b              head.proj.weight (E, I), head.bias (V)
// with E the (V, E) table of the embedding the model reads its tokens with. A (V, I) output matrix
// was half of lesson 2's readers and a third of lesson 3's encoders; tied, the table is stored
// once, and P (E, I) is small. P is there even when I == E: one rule, and it lets the head scale
// the table's rows without changing them.
#pragma once

#include <string>

#include "layers/embedding.h"
#include "layers/linear.h"

namespace attnlab {

struct OutputHead {
  bool tied = false;
  Linear linear;  // untied: the head, head.weight (V, I) and head.bias; tied: P, head.proj.weight (E, I)
  Param bias;     // tied: head.bias (V)

  OutputHead() = default;
  OutputHead(OutputHead&&) noexcept;
  OutputHead& operator=(OutputHead&&) noexcept;  // out of line: once per model, compiled for size
  ~OutputHead();
  // in: the features' width I; vocab: V; embed_dim: the table's width E (used when tied).
  OutputHead(int in, int vocab, int embed_dim, bool tie);

  // Untied: nn.Linear's default. Tied: P and b as nn.Linear(I, E) and nn.Linear(E, V) would be.
  void init(Rng& rng);
  // How the model initializes the table this head reads: 0 (N(0, 1), nn.Embedding's default) when
  // untied; tied, U(-0.1, 0.1), as PyTorch's word_language_model does for its tied encoder. With
  // N(0, 1) rows the logits start large and, as Adam moves each weight by about the learning rate
  // per step whatever its scale, the table learns slowly: a tied reader's validation perplexity was
  // 205.5 after 1,000 steps against the untied one's 93.9 (docs/models-history.md).
  double table_init_range() const { return tied ? 0.1 : 0.0; }
  // x (N, I) -> (N, V); table is the tied embedding (unused when untied).
  Mat forward(const Mat& x, const Embedding& table) const;
  // Accumulates the head's gradients (tied: also dE += dy^T (x P^T) into table.weight.grad) and
  // returns dx.
  Mat backward(const Mat& x, const Mat& dy, Embedding& table);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
