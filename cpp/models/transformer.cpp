#include "models/transformer.h"

#include <cmath>
#include <stdexcept>

#include "core/cold.h"
#include "layers/cross_entropy.h"
#include "layers/positional.h"
#include "models/trace_names.h"

namespace attnlab {

ATTNLAB_COLD Transformer::Transformer(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "d_model", "n_head", "n_layer", "d_ff", "positional", "causal", "activation",
                      "objective", "normalization", "score", "sigmoid_bias", "max_len", "norm_first", "layer_norm_eps",
                      "final_norm", "tie_embeddings"});
  vocab_size_ = config_int(config, "vocab_size", 2, 1 << 20);
  d_model_ = config_int(config, "d_model", 1, 128);
  n_head_ = config_int(config, "n_head", 1, 64);
  if (d_model_ % n_head_ != 0)
    throw ConfigError("config \"d_model\"=" + std::to_string(d_model_) +
                      " must be divisible by \"n_head\"=" + std::to_string(n_head_));
  n_layer_ = config_int(config, "n_layer", 1, 12);
  d_ff_ = config_int(config, "d_ff", 1, 4096);
  sinusoidal_ = config_choice(config, "positional", {{"sinusoidal", true}, {"none", false}}, true);
  causal_ = config_bool(config, "causal", false);
  const bool gelu = config_choice(config, "activation", {{"relu", false}, {"gelu", true}}, false);
  objective_ = config_choice<std::string>(config, "objective", {{"mlm", "mlm"}, {"lm", "lm"}}, causal_ ? "lm" : "mlm");
  if (objective_ == "lm" && !causal_)
    throw ConfigError("config \"objective\": \"lm\" needs \"causal\": true (a token must not see the one it predicts)");
  const Normalization norm = config_choice(config, "normalization", kNormalizations, Normalization::Softmax);
  const Score score = config_choice(config, "score", kHeadScores, Score::Dot);
  const bool log_n = config_choice(config, "sigmoid_bias", {{"none", false}, {"log_n", true}}, false);
  if (log_n && norm != Normalization::Sigmoid)
    throw ConfigError("config \"sigmoid_bias\": \"log_n\" needs \"normalization\": \"sigmoid\"");
  set_tokenizer(config, vocab_size_);
  max_len_ = config_int(config, "max_len", 1, 4096, 128);
  max_tokens_ = std::min(max_tokens_, max_len_);
  const bool norm_first = config_bool(config, "norm_first", false);
  const double eps = config_number(config, "layer_norm_eps", 1e-12, 1.0, 1e-5);
  final_norm_ = config_bool(config, "final_norm", false);

  embedding_ = Embedding(vocab_size_, d_model_);
  layers_.resize(n_layer_);
  for (TransformerEncoderLayer& l : layers_) {
    l = TransformerEncoderLayer(d_model_, n_head_, d_ff_, gelu, norm, score, norm_first, eps);
    l.self_attn.sigmoid_log_n = log_n;
  }
  if (final_norm_) norm_ = LayerNorm(d_model_, eps);
  head_ = OutputHead(d_model_, vocab_size_, d_model_, config_bool(config, "tie_embeddings", false));
  // The table every forward adds, built once: rebuilt per forward it took a quarter of a 64-token
  // forward of models/tf-mlm's size (4,096 sines and cosines in double; docs/performance.md).
  if (sinusoidal_) positions_ = sinusoidal_encoding(max_len_, d_model_);
}

ATTNLAB_COLD std::string Transformer::size_summary() const {
  return "vocab_size=" + std::to_string(vocab_size_) + ", d_model=" + std::to_string(d_model_) +
         ", n_head=" + std::to_string(n_head_) + ", n_layer=" + std::to_string(n_layer_) +
         ", d_ff=" + std::to_string(d_ff_) + (head_.tied ? ", tie_embeddings=true" : "");
}

ATTNLAB_COLD void Transformer::for_each_param(const ParamVisitor& f) {
  embedding_.for_each_param("embedding", f);
  for (int l = 0; l < n_layer_; ++l) layers_[l].for_each_param("layers." + std::to_string(l), f);
  if (final_norm_) norm_.for_each_param("norm", f);
  head_.for_each_param("head", f);
}

ATTNLAB_COLD void Transformer::init(Rng& rng) {
  embedding_.init(rng, head_.table_init_range());
  for (TransformerEncoderLayer& l : layers_) l.init(rng);
  if (final_norm_) norm_ = LayerNorm(d_model_, norm_.eps);
  head_.init(rng);
}

void Transformer::run(const std::vector<int>& ids, Cache& c, const std::vector<HeadsEdit>* edits) const {
  const int T = static_cast<int>(ids.size());
  if (T > max_len_)
    throw TooManyTokens(T, max_len_,
                        "the input has " + std::to_string(T) + " tokens; this model reads at most " +
                            std::to_string(max_len_) + " (max_len)");
  c.positions = sinusoidal_ ? Mat(positions_.topRows(T)) : Mat::Zero(T, d_model_);
  Mat x = embedding_.forward(ids) + c.positions;
  c.layers.resize(n_layer_);
  for (int l = 0; l < n_layer_; ++l)
    x = layers_[l].forward(x, causal_, c.layers[l], edits ? &(*edits)[static_cast<size_t>(l)] : nullptr);
  c.top = final_norm_ ? norm_.forward(x, c.final_norm) : x;
  c.logits = head_.forward(c.top, embedding_);
}

Mat Transformer::encode(const Mat& x) const {
  std::vector<TransformerEncoderLayer::Cache> caches(static_cast<size_t>(n_layer_));
  Mat y = x;
  for (int l = 0; l < n_layer_; ++l) y = layers_[l].forward(y, causal_, caches[static_cast<size_t>(l)], nullptr);
  return y;
}

ForwardTrace Transformer::forward_ids(const std::vector<int>& ids) const {
  if (ids.empty()) return ForwardTrace{};
  Cache c;
  run(ids, c);
  return make_trace(ids, c);
}

ForwardTrace Transformer::forward_edited(const std::vector<int>& ids, const Intervention& iv) const {
  if (ids.empty()) return ForwardTrace{};
  const bool dot = layers_.front().self_attn.score == Score::Dot;
  iv.check(EditableShape{"this Transformer", n_layer_, n_head_, true, dot});
  std::vector<HeadsEdit> edits(static_cast<size_t>(n_layer_));
  for (int l = 0; l < n_layer_; ++l) {
    HeadsEdit& e = edits[static_cast<size_t>(l)];
    for (int h = 0; h < n_head_; ++h) {
      e.heads.push_back(iv.map(l, h, "layer " + std::to_string(l + 1) + " head " + std::to_string(h + 1)));
      e.ablated.push_back(iv.head_ablated(l, h));
    }
    e.layer_ablated = iv.layer_ablated(l);
    e.scaled = iv.scaled();
  }
  Cache c;
  run(ids, c, &edits);
  return make_trace(ids, c);
}

ATTNLAB_COLD ForwardTrace Transformer::make_trace(const std::vector<int>& ids, const Cache& c) const {
  ForwardTrace tr;
  tr.ids = ids;
  tr.tensors.push_back({trace_names::kPositions, c.positions});
  for (int l = 0; l < n_layer_; ++l) {
    const TransformerEncoderLayer::Cache& lc = c.layers[l];
    for (int h = 0; h < n_head_; ++h) {
      AttentionMap m;
      m.name = "layer " + std::to_string(l + 1) + " head " + std::to_string(h + 1);
      m.layer = l;
      m.head = h;
      m.scores = lc.attn.scores[h];
      m.weights = lc.attn.weights[h];
      m.edited_rows = lc.attn.edited_rows[static_cast<size_t>(h)];
      tr.maps.push_back(std::move(m));
    }
    tr.tensors.push_back({trace_names::layer(l, trace_names::kInput), lc.x});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kQ), lc.attn.q});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kK), lc.attn.k});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kV), lc.attn.v});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kHeads), lc.attn.heads});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kAttnOut), lc.attn.out});
    tr.tensors.push_back({trace_names::layer(l, trace_names::kOutput), lc.out});
  }
  tr.tensors.push_back({trace_names::kLogits, c.logits});
  return tr;
}

ATTNLAB_COLD double Transformer::loss_and_backward(const Example& ex) {
  Cache c;
  run(ex.ids, c);
  const CrossEntropyResult ce = cross_entropy(c.logits, loss_targets(ex));
  // forward was: logits = head(top), top = x_L or norm(x_L)
  Mat dx = head_.backward(c.top, ce.dlogits, embedding_);
  if (final_norm_) dx = norm_.backward(c.final_norm, dx);
  for (int l = n_layer_ - 1; l >= 0; --l) dx = layers_[l].backward(c.layers[l], dx);
  // forward was: x_0 = embedding[ids] + PE (PE is fixed)
  embedding_.backward(ex.ids, dx);
  return ce.loss;
}

ATTNLAB_COLD Model::BufferCheck Transformer::check_buffer(const std::string& name, const Shape& shape,
                                                          const std::vector<float>& values) const {
  if (name != "pe") return {};
  // PyTorch code registers the table as (max_len, D), (max_len, 1, D) or (1, max_len, D).
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i) rows *= shape[i];
  if (shape.empty() || shape.back() != d_model_)
    return {BufferCheck::Refused,
            "the positional-encoding buffer \"pe\" must end with d_model=" + std::to_string(d_model_) + " columns"};
  if (!sinusoidal_)
    return {BufferCheck::Refused,
            "the weights hold a positional-encoding buffer \"pe\" but the config says \"positional\": \"none\" "
            "(the engine would not add it)"};
  if (rows < max_len_)
    return {BufferCheck::Refused, "the positional-encoding buffer \"pe\" has " + std::to_string(rows) +
                                      " positions but max_len is " + std::to_string(max_len_) +
                                      " (set \"max_len\" to at most " + std::to_string(rows) + ")"};
  // Only the positions the model reads matter. PyTorch code computes the table in float, whose
  // angle t * freq is off by about t * 6e-8 radians, so the tolerance grows with the position.
  const Mat& pe = positions_;
  for (int t = 0; t < max_len_; ++t)
    for (int i = 0; i < d_model_; ++i) {
      const double got = values[static_cast<size_t>(t) * static_cast<size_t>(d_model_) + static_cast<size_t>(i)];
      if (std::abs(got - static_cast<double>(pe(t, i))) > 1e-5 + 2e-7 * t)
        return {BufferCheck::Refused,
                "the positional-encoding buffer \"pe\" is not the engine's sinusoid PE[t, 2i] = sin(t / 10000^(2i/D)), "
                "PE[t, 2i+1] = cos(t / 10000^(2i/D)): at position " +
                    std::to_string(t) + ", column " + std::to_string(i) + " it holds " + std::to_string(got) +
                    " where the engine adds " + std::to_string(pe(t, i)) + " (docs/config-reference.md)"};
    }
  return {BufferCheck::Accepted, ""};
}

}  // namespace attnlab
