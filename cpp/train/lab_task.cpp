#include "train/lab_task.h"

#include <stdexcept>

#include "data/sequence_tasks.h"
#include "data/toy_tasks.h"
#include "models/seq2seq.h"
#include "train/sequence_train.h"
#include "train/toy_train.h"
#include "train/translate.h"

namespace attnlab {

namespace {

void check_index(int index, int held_out) {
  if (index < 0 || index >= held_out)
    throw std::out_of_range("held-out example " + std::to_string(index) + " is outside 0.." +
                            std::to_string(held_out - 1));
}

int held_out_count(const nlohmann::json& task) { return config_int(task, "n_eval", 1, 100000, 100); }

// The toy Seq2Seq tasks: the decoder writes the target, its attention reads the source.
class Seq2SeqLabTask : public LabTask {
 public:
  Seq2SeqLabTask(Seq2Seq& model, const nlohmann::json& task, uint64_t seed)
      : model_(model),
        stream_(model, read_toy_task(task), seed),
        valid_(toy_pairs(read_toy_task(task), toy_valid_seed(seed), held_out_count(task))) {}

  const Example& next() override { return stream_.next(); }

  nlohmann::json evaluate(int n) const override { return evaluate_translation(model_, valid_, n).to_json(); }

  int held_out() const override { return static_cast<int>(valid_.size()); }

  LabExample example(int index) const override {
    check_index(index, held_out());
    const SentencePair& p = valid_[static_cast<size_t>(index)];
    const Example ex = translation_example(model_, p);
    return {model_.forward_forced(ex.ids, ex.targets), p.en, p.fr, p.alignment};
  }

 private:
  Seq2Seq& model_;
  ToyStream stream_;
  std::vector<SentencePair> valid_;
};

// The sequence tasks: one model reads the symbols; its self-attention maps are T x T.
class SequenceLabTask : public LabTask {
 public:
  SequenceLabTask(Model& model, const nlohmann::json& task, uint64_t seed)
      : model_(model),
        stream_(model, read_sequence_task(task, model.tokenizer().vocab_size()), seed),
        held_(sequence_examples(read_sequence_task(task, model.tokenizer().vocab_size()), sequence_held_out_seed(seed),
                                held_out_count(task))) {}

  const Example& next() override { return stream_.next(); }

  nlohmann::json evaluate(int n) const override { return evaluate_sequence(model_, held_, n).to_json(); }

  int held_out() const override { return static_cast<int>(held_.size()); }

  LabExample example(int index) const override {
    check_index(index, held_out());
    const SequenceExample& ex = held_[static_cast<size_t>(index)];
    LabExample out;
    out.trace = model_.forward_ids(ex.ids);
    for (int id : ex.ids) out.source.push_back(model_.tokenizer().token_text(id));
    for (int id : ex.outputs)
      if (id >= 0) out.target.push_back(model_.tokenizer().token_text(id));
    out.trace.tokens = out.source;
    for (AttentionMap& m : out.trace.maps) {
      if (m.col_labels.empty()) m.col_labels = out.source;
      if (m.row_labels.empty()) m.row_labels = out.source;
    }
    out.gold = ex.gold;
    return out;
  }

 private:
  Model& model_;
  SequenceStream stream_;
  std::vector<SequenceExample> held_;
};

ConfigError unknown_lab_kind(const std::string& kind) {
  return ConfigError("the lab's task \"kind\" is \"" + kind +
                     "\"; expected reverse, shift, sort, date, recall or mirror");
}

}  // namespace

void check_lab_model(const std::string& kind, const std::string& architecture) {
  std::vector<std::string> fits;
  if (is_toy_task(kind))
    fits = {"seq2seq"};
  else if (kind == "recall")
    fits = {"rnn_self_attention", "rnn_lm"};
  else if (kind == "mirror")
    fits = {"transformer"};
  else
    throw unknown_lab_kind(kind);
  for (const std::string& a : fits)
    if (a == architecture) return;
  std::string names;
  for (size_t i = 0; i < fits.size(); ++i) names += (i ? " or \"" : "\"") + fits[i] + "\"";
  throw ConfigError("the lab's " + kind + " task needs a model of architecture " + names);
}

nlohmann::json lab_model_config(const nlohmann::json& config) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "reverse");
  if (is_toy_task(kind)) return toy_model_config(config.at("model"), read_toy_task(task));
  if (is_sequence_task(kind)) return sequence_model_config(config.at("model"), task);
  throw unknown_lab_kind(kind);
}

LoopConfig lab_loop_config(const nlohmann::json& config) {
  const std::string kind = config_string(config.value("task", nlohmann::json::object()), "kind", "reverse");
  return is_toy_task(kind) ? toy_loop_config(config) : sequence_loop_config(config);
}

std::unique_ptr<LabTask> make_lab_task(Model& model, const nlohmann::json& task, uint64_t seed) {
  const std::string kind = config_string(task, "kind", "reverse");
  check_lab_model(kind, model.architecture());
  if (is_toy_task(kind)) return std::make_unique<Seq2SeqLabTask>(dynamic_cast<Seq2Seq&>(model), task, seed);
  return std::make_unique<SequenceLabTask>(model, task, seed);
}

}  // namespace attnlab
