// Training from a JSON config: which model, which task, how many steps. The model issues add
// their tasks here; the engine foundation ships the synthetic "recall" task (reproduce the first
// token after d distracting ones, data/sequence_tasks.h), which is small enough for CI.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "models/model.h"

namespace attnlab {

struct TrainReport {
  std::vector<double> loss_curve;  // mean training loss per logging window
  double first_loss = 0, final_loss = 0;
  double test_accuracy = 0;
  int steps = 0;
  double seconds = 0;
  nlohmann::json metrics = nlohmann::json::object();  // task-specific scores for the model card
};

// config: {"model": {...}, "task": {"kind": "recall", "length": 8, "n_test": 200},
//          "steps": 500, "lr": 0.01, "weight_decay": 0, "clip_norm": 1, "seed": 1, "log_every": 50}
// Throws ConfigError on a bad config.
// Tasks "recall" and "mirror" (train/sequence_train.h), "translate" (train/translate.h), "lm"
// (train/language_model.h), "mlm" (train/masked_lm.h), and the toy Seq2Seq tasks reverse, shift,
// sort, date (train/toy_train.h).
TrainReport train_from_config(Model& model, const nlohmann::json& config, std::ostream& log);

// config["model"] with what the task's data decides filled in (the translate task's vocabularies).
nlohmann::json complete_model_config(const nlohmann::json& config);

}  // namespace attnlab
