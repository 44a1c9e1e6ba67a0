#include "train/lab.h"

#include "train/translate.h"

namespace attnlab {

LabRun::LabRun(const nlohmann::json& config) : config_(config) {
  if (!config_.is_object()) throw ConfigError("a lab config must be a JSON object");
  const nlohmann::json task = config_.value("task", nlohmann::json::object());
  task_ = read_toy_task(task);
  config_["model"] = toy_model_config(config_.value("model", nlohmann::json::object()), task_);
  if (config_["model"].value("architecture", "") != "seq2seq")
    throw ConfigError("the lab's " + task_.kind + " task needs a model of architecture \"seq2seq\"");
  loop_ = read_loop_config(config_, 1500, 16, 1e-2);
  model_ = std::make_unique<Seq2Seq>(config_["model"]);
  session_ = std::make_unique<TrainSession>(*model_, loop_);
  stream_ = std::make_unique<ToyStream>(*model_, task_, loop_.seed);
  valid_ = toy_pairs(task_, toy_valid_seed(loop_.seed), config_int(task, "n_eval", 1, 100000, 100));
}

double LabRun::step() {
  return session_->step([this]() -> const Example& { return stream_->next(); });
}

nlohmann::json LabRun::evaluate(int n) const {
  const TranslationMetrics m = evaluate_translation(*model_, valid_, n);
  nlohmann::json j = m.to_json();
  j["steps"] = steps_taken();
  return j;
}

const SentencePair& LabRun::pair(int index) const {
  if (index < 0 || index >= held_out())
    throw std::out_of_range("held-out example " + std::to_string(index) + " is outside 0.." +
                            std::to_string(held_out() - 1));
  return valid_[static_cast<size_t>(index)];
}

ForwardTrace LabRun::example(int index) const {
  const Example ex = translation_example(*model_, pair(index));
  return model_->forward_forced(ex.ids, ex.targets);
}

nlohmann::json LabRun::card(int n) const {
  return {{"description", "Trained in the AttnLab training lab: " + task_.kind + " task, seed " +
                              std::to_string(loop_.seed) + ", " + std::to_string(steps_taken()) + " steps."},
          {"data", config_.value("task", nlohmann::json::object())},
          {"seed", loop_.seed},
          {"training",
           {{"steps", steps_taken()},
            {"batch_size", loop_.batch_size},
            {"lr", loop_.adam.lr},
            {"clip_norm", loop_.adam.clip_norm}}},
          {"metrics", {{"valid", evaluate(n)}}}};
}

}  // namespace attnlab
