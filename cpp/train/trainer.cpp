#include "train/trainer.h"

#include "layers/cross_entropy.h"
#include "models/trace_names.h"
#include "train/language_model.h"
#include "train/loop.h"
#include "train/masked_lm.h"
#include "train/toy_train.h"
#include "train/translate.h"

namespace attnlab {

namespace {

int output_rows(const Model& model, int length) { return model.architecture() == "rnn_attention" ? 1 : length; }

int vocab_of(const Model& model) { return model.tokenizer().vocab_size(); }

}  // namespace

Example recall_example(Model& model, Rng& rng, int length) {
  Example ex;
  const int V = vocab_of(model);
  for (int t = 0; t < length; ++t) ex.ids.push_back(1 + static_cast<int>(rng.below(static_cast<uint64_t>(V - 1))));
  // Only the last output row is asked for the answer.
  ex.targets.assign(output_rows(model, length), kIgnoreIndex);
  ex.targets.back() = ex.ids.front();
  return ex;
}

double recall_accuracy(Model& model, uint64_t seed, int length, int n) {
  Rng rng(seed);
  int correct = 0;
  for (int i = 0; i < n; ++i) {
    const Example ex = recall_example(model, rng, length);
    const ForwardTrace tr = model.forward_ids(ex.ids);
    for (const NamedTensor& t : tr.tensors) {
      if (t.name != trace_names::kLogits) continue;
      Eigen::Index arg;
      t.value.row(t.value.rows() - 1).maxCoeff(&arg);
      correct += static_cast<int>(arg) == ex.targets.back();
    }
  }
  return n > 0 ? static_cast<double>(correct) / n : 0.0;
}

nlohmann::json complete_model_config(const nlohmann::json& config) {
  if (!config.contains("model")) throw ConfigError("train config needs a \"model\" object (a model config)");
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "recall");
  if (kind == "translate") return translation_model_config(config["model"], config_string(task, "corpus", ""));
  if (kind == "lm") return lm_model_config(config["model"], task);
  if (kind == "mlm") return mlm_model_config(config["model"], task);
  if (is_toy_task(kind)) return toy_model_config(config["model"], read_toy_task(task));
  return config["model"];
}

TrainReport train_from_config(Model& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string kind = config_string(task, "kind", "recall");
  if (kind == "translate") {
    auto* seq2seq = dynamic_cast<Seq2Seq*>(&model);
    if (!seq2seq) throw ConfigError("task \"translate\" needs a model of architecture \"seq2seq\"");
    return train_translation(*seq2seq, config, log);
  }
  if (is_toy_task(kind)) {
    auto* seq2seq = dynamic_cast<Seq2Seq*>(&model);
    if (!seq2seq) throw ConfigError("task \"" + kind + "\" needs a model of architecture \"seq2seq\"");
    return train_toy(*seq2seq, config, log);
  }
  if (kind == "lm") return train_language_model(model, config, log);
  if (kind == "mlm") return train_masked_lm(model, config, log);
  if (kind != "recall")
    throw ConfigError("train config \"task.kind\" is \"" + kind +
                      "\"; this build knows: recall, translate, lm, mlm, reverse, shift, sort, date");
  const int length = config_int(task, "length", 1, 4096, 8);
  const int n_test = config_int(task, "n_test", 1, 1000000, 200);
  const LoopConfig loop = read_loop_config(config, 500, 1, 1e-2);
  Rng data_rng(loop.seed * 7919 + 1);
  Example ex;
  TrainReport rep = run_training(
      model, loop, [&]() -> const Example& { return ex = recall_example(model, data_rng, length); },
      [](int, std::ostream&) {}, log);
  rep.test_accuracy = recall_accuracy(model, loop.seed + 1000003, length, n_test);
  rep.metrics = {{"test_accuracy", rep.test_accuracy}};
  return rep;
}

}  // namespace attnlab
