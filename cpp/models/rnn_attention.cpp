#include "models/rnn_attention.h"

#include "core/cold.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"

namespace attnlab {

ATTNLAB_COLD RnnAttention::RnnAttention(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "embed_dim", "hidden_size", "attn_dim", "output_size", "cell", "nonlinearity",
                      "score", "normalization"});
  vocab_size_ = config_int(config, "vocab_size", 2, 1 << 20);
  embed_dim_ = config_int(config, "embed_dim", 1, 4096);
  hidden_size_ = config_int(config, "hidden_size", 1, 4096);
  attn_dim_ = config_int(config, "attn_dim", 1, 4096, hidden_size_);
  output_size_ = config_int(config, "output_size", 1, 1 << 20, vocab_size_);
  const CellKind cell = config_choice(config, "cell", kCells, CellKind::Lstm);
  encoder_ = Recurrent(cell, embed_dim_, hidden_size_, config_relu(config, cell));
  align_ = Align(config_choice(config, "score", kAlignScores, Score::Additive),
                 config_choice(config, "normalization", kNormalizations, Normalization::Softmax), hidden_size_,
                 hidden_size_, attn_dim_);
  set_tokenizer(config, vocab_size_);
  embedding_ = Embedding(vocab_size_, embed_dim_);
  head_ = Linear(2 * hidden_size_, output_size_);
}

ATTNLAB_COLD std::string RnnAttention::size_summary() const {
  return std::string("cell=") + to_string(encoder_.kind) + ", vocab_size=" + std::to_string(vocab_size_) +
         ", embed_dim=" + std::to_string(embed_dim_) + ", hidden_size=" + std::to_string(hidden_size_) +
         ", score=" + to_string(align_.kind) + ", attn_dim=" + std::to_string(attn_dim_) +
         ", output_size=" + std::to_string(output_size_);
}

ATTNLAB_COLD void RnnAttention::for_each_param(const ParamVisitor& f) {
  embedding_.for_each_param("embedding", f);
  encoder_.for_each_param("encoder", f);
  align_.for_each_param("align", f);
  head_.for_each_param("head", f);
}

ATTNLAB_COLD void RnnAttention::init(Rng& rng) {
  embedding_.init(rng);
  encoder_.init(rng);
  align_.init(rng);
  head_.init(rng);
}

void RnnAttention::run(const std::vector<int>& ids, Cache& c) const {
  const Eigen::Index T = static_cast<Eigen::Index>(ids.size());
  c.x = embedding_.forward(ids);
  c.H = encoder_.forward(c.x, c.enc);
  const Mat query = c.H.row(T - 1);
  c.attn = align_.forward(c.H, query, nullptr, c.align);
  c.context = c.attn.weights * c.H;
  c.z.resize(1, 2 * hidden_size_);
  c.z << c.context, query;
  c.logits = head_.forward(c.z);
}

ForwardTrace RnnAttention::forward_ids(const std::vector<int>& ids) const {
  ForwardTrace tr;
  tr.ids = ids;
  if (ids.empty()) return tr;
  Cache c;
  run(ids, c);
  AttentionMap m;
  m.name = "attention from the final state";
  m.row_labels = {"h_T"};
  m.scores = c.attn.scores;
  m.weights = c.attn.weights;
  tr.maps.push_back(std::move(m));
  tr.tensors = {{trace_names::kEmbeddings, c.x},
                {trace_names::kHidden, c.H},
                {trace_names::kContext, c.context},
                {trace_names::kLogits, c.logits}};
  return tr;
}

ATTNLAB_COLD double RnnAttention::loss_and_backward(const Example& ex) {
  Cache c;
  run(ex.ids, c);
  const Eigen::Index T = c.H.rows();
  const CrossEntropyResult ce = cross_entropy(c.logits, ex.targets);
  // forward was: logits = head([c; h_T])
  const Mat dz = head_.backward(c.z, ce.dlogits);
  const Mat dc = dz.leftCols(hidden_size_);
  // forward was: c = alpha H  =>  dalpha = dc H^T, dH = alpha^T dc
  const Mat dalpha = dc * c.H.transpose();
  Mat dH = c.attn.weights.transpose() * dc;
  Mat dkeys, dquery;
  align_.backward(c.align, dalpha, dkeys, dquery);
  dH += dkeys;
  dH.row(T - 1) += dz.rightCols(hidden_size_) + dquery;
  const Mat dx = encoder_.backward(c.enc, dH);
  embedding_.backward(ex.ids, dx);
  return ce.loss;
}

}  // namespace attnlab
