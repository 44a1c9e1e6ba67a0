// The training lab's run (the page's <attnlab-train>): a model, its task's example stream and its
// optimizer, advanced a few steps at a time, with what the lab shows between steps. It takes the
// same steps as `attnlab train` on the same config (both use TrainSession and the same stream), so
// a model trained in the page is the one the CLI would train, bit for bit.
//
// Tasks: the toy Seq2Seq tasks of data/toy_tasks.h (reverse, shift, sort, date); config as in
// train/toy_train.h.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "models/seq2seq.h"
#include "train/loop.h"
#include "train/toy_train.h"

namespace attnlab {

class LabRun {
 public:
  // Throws ConfigError for a config the lab cannot train, naming what is wrong.
  explicit LabRun(const nlohmann::json& config);

  // One optimizer step; the batch's mean loss.
  double step();
  int steps_taken() const { return session_->steps_taken(); }

  // Exact match, token accuracy, loss and alignment error on the first n held-out pairs.
  nlohmann::json evaluate(int n) const;
  int held_out() const { return static_cast<int>(valid_.size()); }
  // Held-out pair `index`, read by teacher forcing: its attention map and its gold links.
  ForwardTrace example(int index) const;
  const SentencePair& pair(int index) const;

  Seq2Seq& model() { return *model_; }
  const nlohmann::json& config() const { return config_; }
  // A model card for the download: task, seed, steps, settings and the metrics of evaluate(n).
  nlohmann::json card(int n) const;

 private:
  nlohmann::json config_;  // the train config, its "model" completed with the task's vocabularies
  ToyTask task_;
  LoopConfig loop_;
  std::unique_ptr<Seq2Seq> model_;
  std::unique_ptr<TrainSession> session_;
  std::unique_ptr<ToyStream> stream_;
  std::vector<SentencePair> valid_;
};

}  // namespace attnlab
