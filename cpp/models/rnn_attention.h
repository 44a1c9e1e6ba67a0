// A recurrent encoder read by one attention step from its final state: the Seq2Seq decoder's first
// step in miniature, and the benchmark's "LSTM encoder + additive-attention decoder step".
//   h_1..h_T = cell(embedding[ids])                       (T, D)
//   alpha    = normalize(align(h_i, h_T))                  (1, T)
//   c        = sum_i alpha_i h_i                           (1, D)
//   logits   = head([c; h_T])                              (1, O)
#pragma once

#include "layers/align.h"
#include "layers/embedding.h"
#include "layers/linear.h"
#include "layers/recurrent.h"
#include "models/model.h"

namespace attnlab {

class RnnAttention : public Model {
 public:
  static constexpr const char* kArchitecture = "rnn_attention";

  explicit RnnAttention(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  double loss_and_backward(const Example& ex) override;

 private:
  struct Cache {
    Mat x;  // (T, E)
    Recurrent::Cache enc;
    Mat H;  // (T, D)
    Align::Cache align;
    Align::Result attn;  // (1, T)
    Mat context;         // (1, D)
    Mat z;               // (1, 2D) [c; h_T]
    Mat logits;          // (1, O)
  };
  void run(const std::vector<int>& ids, Cache& c) const;

  nlohmann::json config_;
  int vocab_size_, embed_dim_, hidden_size_, attn_dim_, output_size_;
  Embedding embedding_;  // embedding.weight (V, E)
  Recurrent encoder_;    // encoder.weight_ih_l0, ... (nn.RNN / nn.LSTM / nn.GRU)
  Align align_;          // align.w_key.weight, align.w_query.weight, align.v.weight (or align.weight)
  Linear head_;          // head.weight (O, 2D), head.bias (O)
};

}  // namespace attnlab
