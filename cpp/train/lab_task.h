// What the training lab (train/lab.h) needs from a task, whatever model it trains: the training
// stream, held-out scores, and one held-out example's attention with the task's correct alignment.
// Two kinds implement it:
//   the toy Seq2Seq tasks (data/toy_tasks.h: reverse, shift, sort, date)  model "seq2seq"
//   the sequence tasks (data/sequence_tasks.h): recall                    "rnn_self_attention", "rnn_lm"
//                                               mirror                    "transformer"
// Each draws the examples `attnlab train` draws for the same config (train/toy_train.h,
// train/sequence_train.h), so the lab trains the model the CLI trains.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "models/model.h"
#include "train/loop.h"

namespace attnlab {

// One held-out example as the model reads it now.
struct LabExample {
  ForwardTrace trace;                       // Seq2Seq: teacher-forced; others: the forward pass
  std::vector<std::string> source, target;  // the input symbols and the correct output
  // The correct alignment as (column, row) cells of the trace's maps: Seq2Seq (source word,
  // target word); sequence tasks (key position, query position) of the T x T self-attention.
  std::vector<std::pair<int, int>> gold;
};

class LabTask {
 public:
  virtual ~LabTask() = default;
  // The training stream's next example.
  virtual const Example& next() = 0;
  // Held-out metrics on the first n examples: n, exact_match, token_accuracy, loss,
  // alignment_error (null without attention); sequence tasks add best_map and maps.
  virtual nlohmann::json evaluate(int n) const = 0;
  virtual int held_out() const = 0;
  // Throws std::out_of_range outside 0..held_out()-1.
  virtual LabExample example(int index) const = 0;
};

// Throws ConfigError unless the lab trains `architecture` on the task `kind`.
void check_lab_model(const std::string& kind, const std::string& architecture);

// The model config completed for the task (vocabulary, lengths), as complete_model_config does for
// the lab's tasks. Its own function so the lab's WebAssembly does not link the corpus readers of the
// other tasks (translate, lm, mlm read files through streams; docs/performance-downloads.md).
nlohmann::json lab_model_config(const nlohmann::json& config);

// The loop settings of the task's training, with the defaults `attnlab train` uses for it.
LoopConfig lab_loop_config(const nlohmann::json& config);

// The task of config["task"] for `model` (which must outlive it), with its held-out examples
// (task.n_eval of them) drawn from the run's seed.
std::unique_ptr<LabTask> make_lab_task(Model& model, const nlohmann::json& task, uint64_t seed);

}  // namespace attnlab
