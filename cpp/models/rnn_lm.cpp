#include "models/rnn_lm.h"

#include "core/cold.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"

namespace attnlab {

ATTNLAB_COLD RnnLm::RnnLm(const nlohmann::json& config) : config_(config) {
  check_model_fields(config, kArchitecture,
                     {"vocab_size", "embed_dim", "hidden_size", "cell", "nonlinearity", "tie_embeddings"});
  vocab_size_ = config_int(config, "vocab_size", 2, 1 << 20);
  embed_dim_ = config_int(config, "embed_dim", 1, 4096);
  hidden_size_ = config_int(config, "hidden_size", 1, 4096);
  const CellKind cell = config_choice(config, "cell", kCells, CellKind::Rnn);
  encoder_ = Recurrent(cell, embed_dim_, hidden_size_, config_relu(config, cell));
  set_tokenizer(config, vocab_size_);
  embedding_ = Embedding(vocab_size_, embed_dim_);
  head_ = OutputHead(hidden_size_, vocab_size_, embed_dim_, config_bool(config, "tie_embeddings", false));
}

ATTNLAB_COLD std::string RnnLm::size_summary() const {
  return std::string("cell=") + to_string(encoder_.kind) + (encoder_.rnn.relu ? ", nonlinearity=relu" : "") +
         ", vocab_size=" + std::to_string(vocab_size_) + ", embed_dim=" + std::to_string(embed_dim_) +
         ", hidden_size=" + std::to_string(hidden_size_) + (head_.tied ? ", tie_embeddings=true" : "");
}

ATTNLAB_COLD void RnnLm::for_each_param(const ParamVisitor& f) {
  embedding_.for_each_param("embedding", f);
  encoder_.for_each_param("rnn", f);
  head_.for_each_param("head", f);
}

ATTNLAB_COLD void RnnLm::init(Rng& rng) {
  embedding_.init(rng, head_.table_init_range());
  encoder_.init(rng);
  head_.init(rng);
}

ForwardTrace RnnLm::forward_ids(const std::vector<int>& ids) const {
  ForwardTrace tr;
  tr.ids = ids;
  if (ids.empty()) return tr;
  Recurrent::Cache cache;
  const Mat x = embedding_.forward(ids);
  const Mat H = encoder_.forward(x, cache);
  tr.tensors = {
      {trace_names::kEmbeddings, x}, {trace_names::kHidden, H}, {trace_names::kLogits, head_.forward(H, embedding_)}};
  return tr;
}

ATTNLAB_COLD double RnnLm::loss_and_backward(const Example& ex) {
  Recurrent::Cache cache;
  const Mat x = embedding_.forward(ex.ids);
  const Mat H = encoder_.forward(x, cache);
  const CrossEntropyResult ce = cross_entropy(head_.forward(H, embedding_), loss_targets(ex));
  const Mat dH = head_.backward(H, ce.dlogits, embedding_);
  embedding_.backward(ex.ids, encoder_.backward(cache, dH));
  return ce.loss;
}

}  // namespace attnlab
