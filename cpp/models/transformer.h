// A Transformer encoder stack, each layer exactly PyTorch's nn.TransformerEncoderLayer with
// dropout 0 and batch_first=True; by default post-norm (norm_first=False, Vaswani et al. 2017):
//   x_0    = embedding[id_t] + PE_t                                  (T, D)  PE: sinusoidal or 0
//   a_l    = self_attn(x_l)         (causal when configured)         (T, D)  the notes' b^i
//   y_l    = norm1(x_l + a_l)                                        (T, D)
//   x_l+1  = norm2(y_l + linear2(act(linear1(y_l))))                 (T, D)  act: relu or gelu
//   logits = head(x_L)                 (with "final_norm": head(norm(x_L)))  (T, V)
// "norm_first": true is the pre-norm layer (layers/transformer_encoder_layer.h); every LayerNorm
// uses "layer_norm_eps" (PyTorch's default 1e-5); "final_norm": true is nn.TransformerEncoder's
// `norm` argument, an nn.LayerNorm(D) after the last layer ("norm.weight", "norm.bias").
// The head reads every position: masked-token guesses ("objective": "mlm", bidirectional) or
// next-token scores ("objective": "lm", which requires "causal": true).
//
// Names are PyTorch's, so the state_dict of
//   nn.Embedding(V, D) as "embedding",
//   nn.TransformerEncoder(nn.TransformerEncoderLayer(D, H, d_ff, 0.0, act, batch_first=True), L)
//     as its ".layers" (layers.{l}.self_attn.in_proj_weight, layers.{l}.linear1.weight, ...),
//   nn.Linear(D, V) as "head"
// loads without conversion. "score": "additive" adds layers.{l}.self_attn.additive_v (H, K).
//
// Config: vocab_size, d_model (<= 128), n_head, n_layer, d_ff, positional ("sinusoidal" | "none"),
// causal, activation ("relu" | "gelu"), score ("dot" | "additive"), normalization ("softmax" |
// "sigmoid"), sigmoid_bias ("none" | "log_n": sigmoid(e - ln n), see multihead_attention.h), max_len (longest input;
// longer ones are refused), objective ("mlm" | "lm"), norm_first, layer_norm_eps, final_norm,
// tokenizer; every field with its PyTorch counterpart: docs/config-reference.md.
// A "pe" tensor in the weights file (the positional-encoding buffer PyTorch code registers) is
// checked against the engine's sinusoid and accepted, or refused naming it (check_buffer).
#pragma once

#include "layers/embedding.h"
#include "layers/linear.h"
#include "layers/output_head.h"
#include "layers/transformer_encoder_layer.h"
#include "models/model.h"

namespace attnlab {

class Transformer : public Model {
 public:
  static constexpr const char* kArchitecture = "transformer";

  explicit Transformer(const nlohmann::json& config);
  const nlohmann::json& config() const override { return config_; }
  std::string architecture() const override { return kArchitecture; }
  std::string size_summary() const override;
  void for_each_param(const ParamVisitor& f) override;
  void init(Rng& rng) override;
  // Trace: one map per layer and head ("layer 1 head 1", ...; layer/head fields 0-based) and the
  // tensors "positions", "layer{l}.input", "layer{l}.q", "layer{l}.k", "layer{l}.v", "layer{l}.heads",
  // "layer{l}.attn_out", "layer{l}.output" (l 0-based, all (T, D)) and "logits" (T, V).
  ForwardTrace forward_ids(const std::vector<int>& ids) const override;
  // Every layer's attention edited as it is computed: pinned or uniform rows, masked tokens,
  // temperature, heads or layers switched off, 1/sqrt(d_k) off (models/intervention.h).
  ForwardTrace forward_edited(const std::vector<int>& ids, const Intervention& intervention) const override;
  double loss_and_backward(const Example& ex) override;
  BufferCheck check_buffer(const std::string& name, const Shape& shape,
                           const std::vector<float>& values) const override;

  // The encoder stack alone on x (T, D), embedded and with its positions: the last layer's output,
  // the work ONNX Runtime's encoder graph does in scripts/bench-runtimes.mjs (bindings.cpp,
  // ATTNLAB_BENCH_LAYERS), without the embedding, the head and the trace forward_ids adds.
  Mat encode(const Mat& x) const;

  bool causal() const { return causal_; }
  int n_layer() const { return n_layer_; }
  int n_head() const { return n_head_; }
  int max_len() const { return max_len_; }
  const std::string& objective() const { return objective_; }

 protected:
  Embedding* input_embedding() override { return &embedding_; }

 private:
  struct Cache {
    Mat positions;                                       // (T, D)
    std::vector<TransformerEncoderLayer::Cache> layers;  // n_layer
    LayerNorm::Cache final_norm;                         // with final_norm
    Mat top;                                             // (T, D) what the head reads: x_L or norm(x_L)
    Mat logits;                                          // (T, V)
  };
  // `edits`: one per layer (an intervention), or null.
  void run(const std::vector<int>& ids, Cache& c, const std::vector<HeadsEdit>* edits = nullptr) const;
  ForwardTrace make_trace(const std::vector<int>& ids, const Cache& c) const;

  nlohmann::json config_;
  int vocab_size_, d_model_, n_head_, n_layer_, d_ff_, max_len_;
  bool causal_, sinusoidal_, final_norm_;
  std::string objective_;
  Embedding embedding_;                          // embedding.weight (V, D)
  std::vector<TransformerEncoderLayer> layers_;  // layers.{l}.*
  LayerNorm norm_;                               // norm.weight, norm.bias (D), with final_norm only
  OutputHead head_;  // head.weight (V, D), head.bias (V); tied: head.proj.weight (D, D), head.bias
  Mat positions_;    // (max_len, D) the sinusoidal table; empty without it
};

}  // namespace attnlab
