// What every model offers the CLI, the WebAssembly page and the loader: its parameters (by
// PyTorch name), a forward pass that returns the whole trace a teacher wants to show, and, for
// models that train, the loss and its gradients for one example.
#pragma once

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"
#include "layers/cross_entropy.h"
#include "layers/embedding.h"
#include "models/config.h"
#include "models/intervention.h"
#include "text/tokenizer.h"

namespace attnlab {

// The text is longer than the model reads: the boundary reports it with its own code and numbers,
// so the page can read the longest prefix that fits (docs/engine-contract.md).
class TooManyTokens : public std::length_error {
 public:
  TooManyTokens(int tokens, int max_tokens, const std::string& message)
      : std::length_error(message), tokens(tokens), max_tokens(max_tokens) {}
  int tokens, max_tokens;
};

// The model cannot do what was asked (forced decoding of a model that decodes nothing, ...).
class Unsupported : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct AttentionMap {
  std::string name;
  int layer = 0, head = 0;
  std::vector<std::string> row_labels, col_labels;  // rows read (queries), columns are read (keys)
  Mat scores;                                       // (rows, cols) before normalization
  Mat weights;                                      // (rows, cols) after softmax / sigmoid
  // Rows an intervention changed (models/intervention.h numbering: a Seq2Seq map's row 0 is the
  // start step, whose weights are the trace's initial_weights; its row j is this map's row j - 1).
  std::vector<int> edited_rows;
};

struct NamedTensor {
  std::string name;
  Mat value;
};

struct ForwardTrace {
  std::vector<std::string> tokens;
  std::vector<int> ids;
  std::vector<bool> unknown;
  std::vector<int> word_of;  // token -> index in words (a BPE word is several tokens)
  std::vector<std::string> words;
  std::vector<AttentionMap> maps;
  std::vector<NamedTensor> tensors;
  // Models that generate text (seq2seq): the words they produced, end token excluded. Their
  // attention maps have one row per decoder step (ending with "<eos>" when the decoder emitted it).
  std::vector<std::string> output_tokens;
  // Models that generate (seq2seq): the most decoder steps this input allowed, min(2 x its tokens
  // + 5, max_output_len) (0 for the other models and for teacher forcing, which reads a given
  // target), and whether the decoder reached it without writing its end token: stopped for length
  // (issue 53: a translation never loops, and says when it was cut).
  int output_limit = 0;
  bool stopped_for_length = false;
};

// One training example: input ids and a target for each output row (kIgnoreIndex to skip).
struct Example {
  std::vector<int> ids;
  std::vector<int> targets;
  // >= 0: only this output row's loss counts, and training-only terms (a penalty) are left out:
  // the loss is then -log p(targets[row]) (Model::input_importance). A Seq2Seq still reads every
  // target as its decoder input.
  int only_row = -1;
};

// The targets whose loss counts: ex.targets, or only row ex.only_row's when it is set.
inline std::vector<int> loss_targets(const Example& ex) {
  if (ex.only_row < 0) return ex.targets;
  std::vector<int> t(ex.targets.size(), kIgnoreIndex);
  if (ex.only_row < static_cast<int>(t.size()))
    t[static_cast<size_t>(ex.only_row)] = ex.targets[static_cast<size_t>(ex.only_row)];
  return t;
}

// Gradient x input of log p(word) at one output row: one number per input token,
// sum_k e_ik * d log p / d e_ik over the token's embedding e_i (Model::input_importance).
struct Importance {
  std::vector<double> per_token;
  double log_p = 0;  // log p(word) at that row
};

class Model {
 public:
  virtual ~Model() = default;
  virtual const nlohmann::json& config() const = 0;
  virtual std::string architecture() const = 0;
  // The config sizes that decide the tensor shapes, for error messages ("hidden_size=48, ...").
  virtual std::string size_summary() const = 0;
  virtual void for_each_param(const ParamVisitor& f) = 0;
  virtual void init(Rng& rng) = 0;
  virtual ForwardTrace forward_ids(const std::vector<int>& ids) const = 0;
  // Forward + backward for one example; accumulates gradients and returns the mean loss.
  virtual double loss_and_backward(const Example& ex) = 0;

  const Tokenizer& tokenizer() const { return *tokenizer_; }
  int max_tokens() const { return max_tokens_; }
  // Tokenizes, checks the length and runs forward_ids, or forward_edited when an intervention is
  // given and not empty (an empty one is the untouched forward pass, bit for bit).
  ForwardTrace forward_text(const std::string& text, const Intervention* intervention = nullptr) const;
  // Models that decode (seq2seq): the decoder reads `target` (words separated by spaces) instead
  // of its own guesses. Others throw Unsupported.
  virtual ForwardTrace forward_text_forced(const std::string& text, const std::string& target,
                                           const Intervention* intervention = nullptr) const;
  // The forward pass with the intervention applied inside it (models/intervention.h). Models
  // without attention throw Unsupported; an op the model cannot apply throws InterventionError.
  virtual ForwardTrace forward_edited(const std::vector<int>& ids, const Intervention& intervention) const;
  int64_t parameter_count();

  // A tensor of the weights file that is not a parameter but a buffer a PyTorch module commonly
  // registers (the Transformer's sinusoidal "pe"). The loader asks before refusing an unexpected
  // tensor: Unknown (refused as unexpected), Accepted (checked against what the engine computes),
  // or Refused with the reason.
  struct BufferCheck {
    enum Kind { Unknown, Accepted, Refused } kind = Unknown;
    std::string why;
  };
  virtual BufferCheck check_buffer(const std::string& name, const Shape& shape, const std::vector<float>& values) const;

  // Gradient x input of log p(`word`) at output row `row` (0-based: the logits' row; a Seq2Seq
  // reads `target`, words separated by spaces, as in forward_text_forced; others ignore it).
  // Uses the model's backward pass; leaves every parameter gradient at zero. Throws Unsupported for
  // a model without an input embedding to differentiate, std::out_of_range for a bad row or word.
  Importance input_importance(const std::string& text, const std::string& target, int row, int word);
  // The same for token ids.
  Importance input_importance_ids(const std::vector<int>& ids, const std::string& target, int row, int word);

 protected:
  // The embedding the input tokens are looked up in (gradient x input), or null.
  virtual Embedding* input_embedding() { return nullptr; }
  // The example whose loss is -log p(word) at `row`: by default targets all ignored but row.
  virtual Example importance_example(const std::vector<int>& ids, const std::string& target, int row, int word) const;
  // Sets the tokenizer and max_tokens (the config's, at most fit_logits of it).
  void set_tokenizer(const nlohmann::json& config, int vocab_size);
  // A sequence of `length` positions over a vocabulary of `vocab` holds length x vocab logits; the
  // engine keeps that under kMaxLogits (64 MB of floats) by reading or writing fewer positions:
  // vocab_size 2^20 allows 16 tokens; the shipped models (vocabularies of at most 2,048) are not limited.
  static constexpr int64_t kMaxLogits = int64_t{1} << 24;
  static int fit_logits(int length, int vocab) {
    return static_cast<int>(std::min<int64_t>(length, std::max<int64_t>(1, kMaxLogits / std::max(vocab, 1))));
  }
  // Tokenizes text, throwing TooManyTokens beyond max_tokens().
  Tokenized encode_checked(const std::string& text) const;
  // Puts the tokenization into a trace from forward_ids: tokens, unknown flags, words, and the
  // tokens as the labels of maps the model left unlabelled.
  static void attach_tokens(ForwardTrace& tr, const Tokenized& tok);
  int max_tokens_ = 256;

 private:
  std::unique_ptr<Tokenizer> tokenizer_;
};

// Builds an untrained model from its config (architecture + sizes). Throws ConfigError.
std::unique_ptr<Model> build_model(const nlohmann::json& config);

}  // namespace attnlab
