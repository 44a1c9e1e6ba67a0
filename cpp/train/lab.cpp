#include "train/lab.h"

#include "train/trainer.h"

namespace attnlab {

LabRun::LabRun(const nlohmann::json& config) : config_(config) {
  if (!config_.is_object()) throw ConfigError("a lab config must be a JSON object");
  const nlohmann::json task = config_.value("task", nlohmann::json::object());
  kind_ = config_string(task, "kind", "reverse");
  config_["task"] = task;
  config_["task"]["kind"] = kind_;
  if (!config_.contains("model")) config_["model"] = nlohmann::json::object();
  check_lab_model(kind_, config_string(config_["model"], "architecture", ""));
  config_["model"] = lab_model_config(config_);
  loop_ = lab_loop_config(config_);
  model_ = build_model(config_["model"]);
  session_ = std::make_unique<TrainSession>(*model_, loop_);
  task_ = make_lab_task(*model_, task, loop_.seed);
}

double LabRun::step() {
  return session_->step([this]() -> const Example& {
    const Example& ex = task_->next();
    tokens_ += static_cast<long long>(ex.ids.size() + ex.targets.size());
    return ex;
  });
}

nlohmann::json LabRun::evaluate(int n) const {
  nlohmann::json j = task_->evaluate(n);
  j["steps"] = steps_taken();
  return j;
}

nlohmann::json LabRun::card(int n) const {
  return {{"description", "Trained in the AttnLab training lab: " + kind_ + " task, seed " +
                              std::to_string(loop_.seed) + ", " + std::to_string(steps_taken()) + " steps."},
          {"data", config_["task"]},
          {"seed", loop_.seed},
          {"training",
           {{"steps", steps_taken()},
            {"batch_size", loop_.batch_size},
            {"lr", loop_.adam.lr},
            {"clip_norm", loop_.adam.clip_norm}}},
          {"metrics", {{"valid", evaluate(n)}}}};
}

}  // namespace attnlab
