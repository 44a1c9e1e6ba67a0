#include "models/attention_encoder.h"

#include "core/cold.h"
#include "layers/cross_entropy.h"
#include "layers/positional.h"
#include "models/trace_names.h"

namespace attnlab {

ATTNLAB_COLD AttentionEncoder::AttentionEncoder(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "d_model", "n_head", "positional", "causal", "normalization", "max_len"});
  vocab_size_ = config_int(config, "vocab_size", 2, 1 << 20);
  d_model_ = config_int(config, "d_model", 1, 4096);
  n_head_ = config_int(config, "n_head", 1, 64);
  if (d_model_ % n_head_ != 0)
    throw ConfigError("config \"d_model\"=" + std::to_string(d_model_) +
                      " must be divisible by \"n_head\"=" + std::to_string(n_head_));
  positional_ = config_choice(
      config, "positional",
      {{"none", Positional::None}, {"sinusoidal", Positional::Sinusoidal}, {"learned", Positional::Learned}},
      Positional::Sinusoidal);
  causal_ = config_bool(config, "causal", false);
  const Normalization norm = config_choice(config, "normalization", kNormalizations, Normalization::Softmax);
  set_tokenizer(config, vocab_size_);
  max_len_ = config_int(config, "max_len", 1, 4096, max_tokens_);
  if (positional_ == Positional::Learned) max_tokens_ = std::min(max_tokens_, max_len_);

  embedding_ = Embedding(vocab_size_, d_model_);
  if (positional_ == Positional::Learned) pos_embedding_ = Embedding(max_len_, d_model_);
  attn_ = MultiheadAttention(d_model_, n_head_, norm);
  norm_ = LayerNorm(d_model_);
  head_ = Linear(d_model_, vocab_size_);
  // Built once for the longest input the model reads (as the Transformer's: transformer.cpp).
  if (positional_ == Positional::Sinusoidal) positions_ = sinusoidal_encoding(max_tokens_, d_model_);
}

ATTNLAB_COLD std::string AttentionEncoder::size_summary() const {
  return "vocab_size=" + std::to_string(vocab_size_) + ", d_model=" + std::to_string(d_model_) +
         ", n_head=" + std::to_string(n_head_) +
         (positional_ == Positional::Learned ? ", max_len=" + std::to_string(max_len_) : "");
}

ATTNLAB_COLD void AttentionEncoder::for_each_param(const ParamVisitor& f) {
  embedding_.for_each_param("embedding", f);
  if (positional_ == Positional::Learned) pos_embedding_.for_each_param("pos_embedding", f);
  attn_.for_each_param("attn", f);
  norm_.for_each_param("norm", f);
  head_.for_each_param("head", f);
}

ATTNLAB_COLD void AttentionEncoder::init(Rng& rng) {
  embedding_.init(rng);
  if (positional_ == Positional::Learned) pos_embedding_.init(rng);
  attn_.init(rng);
  norm_ = LayerNorm(d_model_);
  head_.init(rng);
}

void AttentionEncoder::run(const std::vector<int>& ids, Cache& c) const {
  const int T = static_cast<int>(ids.size());
  c.x = embedding_.forward(ids);
  if (positional_ == Positional::Sinusoidal)
    c.x += T <= positions_.rows() ? Mat(positions_.topRows(T)) : sinusoidal_encoding(T, d_model_);
  if (positional_ == Positional::Learned) {
    std::vector<int> positions(T);
    for (int t = 0; t < T; ++t) positions[t] = t;
    c.x += pos_embedding_.forward(positions);
  }
  c.residual = c.x + attn_.forward(c.x, causal_, c.attn);
  c.y = norm_.forward(c.residual, c.norm_cache);
  c.logits = head_.forward(c.y);
}

ForwardTrace AttentionEncoder::forward_ids(const std::vector<int>& ids) const {
  ForwardTrace tr;
  tr.ids = ids;
  if (ids.empty()) return tr;
  Cache c;
  run(ids, c);
  for (int h = 0; h < n_head_; ++h) {
    AttentionMap m;
    m.name = "self-attention";
    m.layer = 0;
    m.head = h;
    m.scores = c.attn.scores[h];
    m.weights = c.attn.weights[h];
    tr.maps.push_back(std::move(m));
  }
  tr.tensors = {{trace_names::kEmbeddings, c.x},     {trace_names::kQ, c.attn.q},
                {trace_names::kK, c.attn.k},         {trace_names::kV, c.attn.v},
                {trace_names::kHeads, c.attn.heads}, {trace_names::kAttnOut, c.attn.out},
                {trace_names::kHidden, c.y},         {trace_names::kLogits, c.logits}};
  return tr;
}

ATTNLAB_COLD double AttentionEncoder::loss_and_backward(const Example& ex) {
  Cache c;
  run(ex.ids, c);
  const CrossEntropyResult ce = cross_entropy(c.logits, ex.targets);
  // forward was: logits = head(LN(x + attn(x))), x = emb + pos
  const Mat dy = head_.backward(c.y, ce.dlogits);
  const Mat dres = norm_.backward(c.norm_cache, dy);
  const Mat dx = dres + attn_.backward(c.attn, dres);
  embedding_.backward(ex.ids, dx);
  if (positional_ == Positional::Learned) {
    std::vector<int> positions(ex.ids.size());
    for (size_t t = 0; t < positions.size(); ++t) positions[t] = static_cast<int>(t);
    pos_embedding_.backward(positions, dx);
  }
  return ce.loss;
}

}  // namespace attnlab
