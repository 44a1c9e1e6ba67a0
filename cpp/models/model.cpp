#include "models/model.h"

#include "io/tensor_names.h"
#include "layers/cross_entropy.h"

#include "models/attention_encoder.h"
#include "models/rnn_attention.h"
#include "models/rnn_lm.h"
#include "models/rnn_self_attention.h"
#include "models/seq2seq.h"
#include "models/transformer.h"

namespace attnlab {

void Model::set_tokenizer(const nlohmann::json& config, int vocab_size) {
  try {
    tokenizer_ = make_tokenizer(config.value("tokenizer", nlohmann::json::object()), vocab_size);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(std::string("config \"tokenizer\": ") + e.what());
  }
  max_tokens_ = fit_logits(config_int(config, "max_tokens", 1, 4096, 256), vocab_size);
  TensorNames::from_config(config);  // "prefix" and "names" (used by the loader) checked here, with the rest
}

Tokenized Model::encode_checked(const std::string& text) const {
  Tokenized tok = tokenizer().encode(text);
  if (static_cast<int>(tok.ids.size()) > max_tokens_)
    throw TooManyTokens(static_cast<int>(tok.ids.size()), max_tokens_,
                        "the text has " + std::to_string(tok.ids.size()) + " tokens; this model reads at most " +
                            std::to_string(max_tokens_));
  return tok;
}

ForwardTrace Model::forward_text(const std::string& text, const Intervention* intervention) const {
  const Tokenized tok = encode_checked(text);
  ForwardTrace tr =
      intervention && !intervention->empty() ? forward_edited(tok.ids, *intervention) : forward_ids(tok.ids);
  attach_tokens(tr, tok);
  return tr;
}

ForwardTrace Model::forward_text_forced(const std::string&, const std::string&, const Intervention*) const {
  throw Unsupported("this model (" + architecture() + ") does not decode a target sentence");
}

ForwardTrace Model::forward_edited(const std::vector<int>&, const Intervention&) const {
  throw Unsupported("this model (" + architecture() + ") has no attention weights to change");
}

void Model::attach_tokens(ForwardTrace& tr, const Tokenized& tok) {
  tr.tokens = tok.tokens;
  tr.unknown = tok.unknown;
  tr.word_of = tok.word_of;
  tr.words = tok.words;
  for (AttentionMap& m : tr.maps) {
    // Models label rows and columns by position; replace positions by the words.
    if (m.col_labels.empty()) m.col_labels = tok.tokens;
    if (m.row_labels.empty()) m.row_labels = tok.tokens;
  }
}

Example Model::importance_example(const std::vector<int>& ids, const std::string&, int row, int word) const {
  if (row < 0 || row >= static_cast<int>(ids.size()))
    throw std::out_of_range("output row " + std::to_string(row) + " is outside 0.." + std::to_string(ids.size() - 1));
  Example ex;
  ex.ids = ids;
  ex.targets.assign(ids.size(), kIgnoreIndex);
  ex.targets[static_cast<size_t>(row)] = word;
  ex.only_row = row;
  return ex;
}

Importance Model::input_importance(const std::string& text, const std::string& target, int row, int word) {
  const Tokenized tok = encode_checked(text);
  if (tok.ids.empty()) throw std::invalid_argument("there is no token to explain");
  return input_importance_ids(tok.ids, target, row, word);
}

Importance Model::input_importance_ids(const std::vector<int>& ids, const std::string& target, int row, int word) {
  Embedding* embedding = input_embedding();
  if (!embedding) throw Unsupported("this model (" + architecture() + ") has no input embedding to differentiate");
  const Example ex = importance_example(ids, target, row, word);
  const auto zero_grads = [this] { for_each_param([](const std::string&, Param& p) { p.grad.setZero(); }); };
  Mat dx;
  zero_grads();
  embedding->input_grad = &dx;
  Importance out;
  try {
    out.log_p = -loss_and_backward(ex);  // the loss is -log p(word) at that row alone
  } catch (...) {
    embedding->input_grad = nullptr;
    zero_grads();
    throw;
  }
  embedding->input_grad = nullptr;
  zero_grads();
  const Mat x = embedding->forward(ids);
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    out.per_token.push_back(-static_cast<double>(x.row(i).dot(dx.row(i))));  // d log p = -d loss
  return out;
}

Model::BufferCheck Model::check_buffer(const std::string&, const Shape&, const std::vector<float>&) const { return {}; }

int64_t Model::parameter_count() {
  int64_t n = 0;
  for_each_param([&](const std::string&, Param& p) { n += p.numel(); });
  return n;
}

namespace {

std::unique_ptr<Model> build_model_unbounded(const nlohmann::json& config) {
  const std::string arch = config_string(config, "architecture", "");
  if (arch == AttentionEncoder::kArchitecture) return std::make_unique<AttentionEncoder>(config);
  if (arch == RnnAttention::kArchitecture) return std::make_unique<RnnAttention>(config);
  if (arch == Seq2Seq::kArchitecture) return std::make_unique<Seq2Seq>(config);
  if (arch == RnnSelfAttention::kArchitecture) return std::make_unique<RnnSelfAttention>(config);
  if (arch == RnnLm::kArchitecture) return std::make_unique<RnnLm>(config);
  if (arch == Transformer::kArchitecture) return std::make_unique<Transformer>(config);
  throw ConfigError("config \"architecture\" is \"" + arch +
                    "\"; known architectures: " + AttentionEncoder::kArchitecture + ", " + RnnAttention::kArchitecture +
                    ", " + Seq2Seq::kArchitecture + ", " + RnnSelfAttention::kArchitecture + ", " +
                    RnnLm::kArchitecture + ", " + Transformer::kArchitecture);
}

}  // namespace

std::unique_ptr<Model> build_model(const nlohmann::json& config) {
  if (!config.is_object()) throw ConfigError("config must be a JSON object");
  if (ParamBudget::active())
    return build_model_unbounded(config);  // the weights file's budget (load_model_from_memory)
  // No weights behind the config (a random model, the training lab): the engine's own limit, so that
  // vocab_size 2^20 and width 2048 fail here instead of asking the allocator for 8 GB.
  try {
    const ParamBudget budget(ParamBudget::kMaxParameters);
    return build_model_unbounded(config);
  } catch (const TooManyParameters&) {
    throw ConfigError("config asks for more than " + std::to_string(ParamBudget::kMaxParameters) +
                      " parameters, the most a model can have here: make vocab_size or the widths smaller");
  }
}

}  // namespace attnlab
