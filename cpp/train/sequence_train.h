// Training one model on a sequence task (data/sequence_tasks.h: recall, mirror): examples drawn
// fresh from the engine's generator at every step, scored on the positions that are asked for an
// output, and the attention scored against the task's gold links.
//
// Train config:
//   {"model": {"architecture": "rnn_self_attention", "embed_dim": 16, "hidden_size": 32, "score": "dot"},
//    "task": {"kind": "recall", "min_len": 10, "max_len": 20, "symbols": 9,   (or "length": 8)
//             "n_eval": 100, "n_test": 200},
//    "steps": 500, "batch_size": 1, "lr": 0.01, "seed": 1, "log_every": 50, "eval_every": 0}
// With "symbols" in the task and no tokenizer in the model, the model reads the letters a, b, ...
// (a "words" tokenizer, vocab_size = symbols + 1), so `attnlab forward DIR --text "a c b"` runs it.
//
// The held-out examples are drawn from one generator seeded by sequence_held_out_seed(seed): the
// first n_eval of them are what an evaluation every eval_every steps (and the training lab) scores,
// the first n_test what the card's test figures score. Nothing is selected on them.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <utility>
#include <vector>

#include "data/sequence_tasks.h"
#include "models/model.h"
#include "train/loop.h"
#include "train/trainer.h"

namespace attnlab {

struct SequenceMetrics {
  int n = 0;                  // examples scored
  double exact_match = 0;     // every position asked for an output right (recall: the one answer)
  double token_accuracy = 0;  // the positions asked for an output, argmax == the right id
  double loss = 0;            // cross-entropy per position asked for an output
  // Alignment error, the meaning of TranslationMetrics::alignment_error: of the positions with a
  // gold link (recall: the last; mirror: every one), the fraction whose strongest attention weight
  // is not on their gold key. Computed for each attention map of the trace (each layer and head)
  // over all the examples; the task's figure is that of the best map (the lowest), `best_map` its
  // index in the trace's maps. NaN and -1 for a model without attention.
  double alignment_error = 0;
  int best_map = -1;
  std::vector<double> map_errors;               // one per map, in the trace's order
  std::vector<std::pair<int, int>> map_layers;  // (layer, head) of each map
  nlohmann::json to_json() const;
};

// The model config with "vocab_size" and a "words" tokenizer of the letters when the task gives
// "symbols" and the model leaves them out.
nlohmann::json sequence_model_config(const nlohmann::json& model_config, const nlohmann::json& task);

// The loop settings of a sequence task, defaults included (the lab and the CLI read them alike).
LoopConfig sequence_loop_config(const nlohmann::json& config);

// The example as the model trains on it: one target per output row, kIgnoreIndex where a position
// is not asked. A model that answers after the whole input (rnn_attention) has one output row, the
// last position's. Throws ConfigError for a task the model cannot be asked.
Example sequence_training_example(const Model& model, const SequenceExample& ex);

uint64_t sequence_held_out_seed(uint64_t seed);
std::vector<SequenceExample> sequence_examples(const SequenceTask& task, uint64_t seed, int n);

// The training stream: a fresh example at every draw, from the generator seeded by toy_train_seed.
class SequenceStream {
 public:
  SequenceStream(const Model& model, const SequenceTask& task, uint64_t seed);
  const Example& next();

 private:
  const Model& model_;
  SequenceTask task_;
  Rng rng_;
  Example example_;
};

// Scores the first `limit` examples (0 = all).
SequenceMetrics evaluate_sequence(const Model& model, const std::vector<SequenceExample>& examples, int limit = 0);

TrainReport train_sequence(Model& model, const nlohmann::json& config, std::ostream& log);

}  // namespace attnlab
