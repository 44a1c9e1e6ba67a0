// Training a Seq2Seq on a toy task with a known alignment (data/toy_tasks.h): examples drawn
// fresh from the engine's generator at every step, scored like the translation task (exact match,
// token accuracy, AER) plus the lab's alignment error.
//
// Train config:
//   {"model": {"architecture": "seq2seq", "embed_dim": 16, "hidden_size": 32, "attention": "additive"},
//    "task": {"kind": "reverse", "min_len": 5, "max_len": 12, "symbols": 10, "shift": 2,
//             "n_eval": 100, "n_test": 300},
//    "steps": 1500, "batch_size": 16, "lr": 0.01, "seed": 1, "log_every": 100, "eval_every": 500}
// The model's vocabularies come from the task when the model config leaves them out.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "data/toy_tasks.h"
#include "models/seq2seq.h"
#include "train/loop.h"
#include "train/trainer.h"

namespace attnlab {

// The model config with "vocab_size", "tokenizer" (case kept) and "target_vocab" from the task.
nlohmann::json toy_model_config(const nlohmann::json& model_config, const ToyTask& task);

// The loop settings of a toy task, defaults included (the lab and the CLI read them alike).
LoopConfig toy_loop_config(const nlohmann::json& config);

// n pairs drawn from a generator seeded with `seed` (the held-out sets use seeds of their own).
std::vector<SentencePair> toy_pairs(const ToyTask& task, uint64_t seed, int n);

// The seeds of the training stream and of the validation and test sets, from the run's seed.
uint64_t toy_train_seed(uint64_t seed);
uint64_t toy_valid_seed(uint64_t seed);
uint64_t toy_test_seed(uint64_t seed);

// The training stream: a fresh pair at every draw, from the generator seeded by toy_train_seed.
class ToyStream {
 public:
  ToyStream(const Seq2Seq& model, const ToyTask& task, uint64_t seed)
      : model_(model), task_(task), rng_(toy_train_seed(seed)) {}
  const Example& next();

 private:
  const Seq2Seq& model_;
  ToyTask task_;
  Rng rng_;
  Example example_;
};

TrainReport train_toy(Seq2Seq& model, const nlohmann::json& config, std::ostream& log);

}  // namespace attnlab
