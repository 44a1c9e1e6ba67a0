// A one-layer self-attention encoder, the smallest Transformer block that shows the notes'
// computation end to end:
//   x_t = embedding[id_t] + position_t                        (T, D)
//   a   = MultiheadAttention(x)  (causal if configured)       (T, D)
//   y   = LayerNorm(x + a)                                    (T, D)
//   logits = head(y)                                          (T, V) next-token or masked-token scores
#pragma once

#include "layers/embedding.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/multihead_attention.h"
#include "models/model.h"

namespace attnlab {

enum class Positional { None, Sinusoidal, Learned };

class AttentionEncoder : public Model {
 public:
  static constexpr const char* kArchitecture = "attention_encoder";

  explicit AttentionEncoder(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  double loss_and_backward(const Example& ex) override;

 private:
  struct Cache {
    Mat x;  // (T, D) embeddings + positions
    MultiheadAttention::Trace attn;
    Mat residual;  // (T, D) x + a
    LayerNorm::Cache norm_cache;
    Mat y;       // (T, D)
    Mat logits;  // (T, V)
  };
  void run(const std::vector<int>& ids, Cache& c) const;

  nlohmann::json config_;
  int vocab_size_, d_model_, n_head_, max_len_;
  bool causal_;
  Positional positional_;
  Embedding embedding_;      // embedding.weight      (V, D)
  Embedding pos_embedding_;  // pos_embedding.weight  (max_len, D), learned positions only
  Mat positions_;            // (max_tokens, D) the sinusoidal table, sinusoidal positions only
  MultiheadAttention attn_;  // attn.*
  LayerNorm norm_;           // norm.weight, norm.bias (D)
  Linear head_;              // head.weight (V, D), head.bias (V)
};

}  // namespace attnlab
