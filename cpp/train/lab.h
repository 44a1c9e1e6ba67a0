// The training lab's run (the page's <attnlab-train>): a model, its task's example stream and its
// optimizer, advanced a few steps at a time, with what the lab shows between steps. It takes the
// same steps as `attnlab train` on the same config (both use TrainSession and the same stream), so
// a model trained in the page is the one the CLI would train, bit for bit.
//
// Tasks (train/lab_task.h): the toy Seq2Seq tasks of data/toy_tasks.h (reverse, shift, sort, date;
// config as in train/toy_train.h) and the sequence tasks of data/sequence_tasks.h (recall for
// lesson 2's SimpleRNN with or without self-attention, mirror for a Transformer encoder; config as
// in train/sequence_train.h).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>

#include "models/model.h"
#include "train/lab_task.h"
#include "train/loop.h"

namespace attnlab {

class LabRun {
 public:
  // Throws ConfigError for a config the lab cannot train, naming what is wrong.
  explicit LabRun(const nlohmann::json& config);

  // One optimizer step; the batch's mean loss.
  double step();
  int steps_taken() const { return session_->steps_taken(); }
  // Tokens the steps so far have trained on: each example's input tokens plus its output rows
  // (a Seq2Seq's target words, a sequence task's one prediction per position), for tokens/s.
  long long tokens_taken() const { return tokens_; }

  // The task's held-out metrics (LabTask::evaluate) on the first n held-out examples, and "steps".
  nlohmann::json evaluate(int n) const;
  int held_out() const { return task_->held_out(); }
  // Held-out example `index`: its attention maps, its words and its gold links.
  LabExample example(int index) const { return task_->example(index); }

  Model& model() { return *model_; }
  const nlohmann::json& config() const { return config_; }
  // A model card for the download: task, seed, steps, settings and the metrics of evaluate(n).
  nlohmann::json card(int n) const;

 private:
  nlohmann::json config_;  // the train config, its "model" completed with the task's vocabularies
  std::string kind_;
  LoopConfig loop_;
  std::unique_ptr<Model> model_;
  std::unique_ptr<TrainSession> session_;
  std::unique_ptr<LabTask> task_;
  long long tokens_ = 0;
};

}  // namespace attnlab
