// The training loop every task shares: seeded initialization, Adam over mini-batches whose
// gradient is the mean of the examples' gradients, a loss curve, periodic evaluation, and an
// optional time budget.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "io/safetensors.h"
#include "models/model.h"
#include "train/adam.h"
#include "train/trainer.h"

namespace attnlab {

struct LoopConfig {
  int steps = 1000, batch_size = 16, log_every = 100, eval_every = 0;
  double max_seconds = 0;  // 0 = no budget
  uint64_t seed = 1;
  AdamConfig adam;
  // The decoupled weight decay of the attention's own weights (every parameter named "align.*":
  // W_K, W_Q, v); < 0 means adam.weight_decay like the rest. A dot-product score
  // (W_K h)^T (W_Q s) grows with both matrices, and with h and s bounded by tanh, decaying them
  // bounds the scores, so the softmax does not saturate into one-hot rows (docs/models-history.md).
  double align_weight_decay = -1;
  // How the weights will be saved; training ends by rounding to it. I8 (every 2-D weight in 8 bits
  // per row, the rest F16, as write_safetensors stores it) and I4 (the same in 4 bits) also train
  // with those weights: quantization-aware training, see TrainSession.
  DType weights_dtype = DType::F32;
  // With I8: the 2-D weights, by their names in the file ("embedding.weight"), kept in 4 bits
  // instead (the vocabulary-sized tables, which hold most of a small model's bytes).
  std::vector<std::string> weights_i4;
  // The columns that share one scale in the 4-bit weights (0: one scale per row; 32: a scale per
  // 32 weights, docs/weights-format.md "Scales per group"). Must divide each 4-bit tensor's columns.
  int64_t weights_i4_group = 0;
  // A model folder whose weights the training starts from instead of the seed's initialization
  // ("init_from"; the seed still orders the data): an 8-bit model fine-tuned with its tables in 4
  // bits (docs/models.md, "Fine-tuned in 4 bits"). Read by the reader set_init_from_reader installs.
  std::string init_from;
  bool quantized() const { return weights_dtype == DType::I8 || weights_dtype == DType::I4; }
  // How the tensor file_name of this shape is saved and trained (stored_dtype).
  DType dtype_of(const std::string& file_name, const Shape& shape) const;
  // Its scale group: weights_i4_group if it is saved in 4 bits, else 0 (one scale per row).
  int64_t group_of(const std::string& file_name, const Shape& shape) const;
};

// How "init_from" is read: the command line installs a reader of model folders (cli/data_commands.cpp),
// which puts the folder's weights into the model or throws naming why it cannot. Without one (the
// page's training lab, which has no folders), a config with "init_from" is refused.
using InitFromReader = std::function<void(Model& model, const std::string& folder)>;
void set_init_from_reader(InitFromReader reader);

// p.value rounded as a model saved with dtype stores it: F16 / BF16 value by value; I8 (I4) each
// row of a 2-D weight to 8 (4) bits with its scale (quantize_row_i8, _i4) and every other tensor to
// F16, by stored_dtype's rule. group > 0: a scale per group of that many columns (it must divide them).
void round_param(Param& p, DType dtype, int64_t group = 0);

// Reads "steps", "batch_size", "log_every", "eval_every", "max_seconds", "seed", "lr",
// "weight_decay", "align_weight_decay", "clip_norm", "weights_dtype", "weights_i4", "weights_i4_group",
// "init_from" from a train config.
// Throws ConfigError.
LoopConfig read_loop_config(const nlohmann::json& config, int default_steps, int default_batch, double default_lr);

// One optimizer step at a time: initializes the model from cfg.seed, then each step() draws a
// batch, averages its gradients and applies Adam. With weights_dtype I8 or I4 each step computes the
// loss and gradients at the weights as they will be saved (round_param) and applies the update to
// full-precision copies of them: quantization-aware training with the straight-through estimator
// (Jacob et al. 2018), so the 8-bit model that ships is the model that was trained, not a rounding
// of it afterwards. run_training is a loop over it, and the page's
// training lab (train/lab.h) calls it a few steps at a time, so both take the same steps.
class TrainSession {
 public:
  TrainSession(Model& model, const LoopConfig& cfg);
  // One step over cfg.batch_size examples from next_example; returns the batch's mean loss.
  double step(const std::function<const Example&()>& next_example);
  int steps_taken() const { return opt_.steps_taken(); }
  // Rounds the weights to cfg.weights_dtype (a no-op for F32), as they will be saved. Throws
  // ConfigError from the constructor when weights_i4 names a tensor the model lacks or one not 2-D.
  void round_weights();
  // While it lives (and `on`), the model holds the weights as they will be saved, and the
  // full-precision ones come back when it ends (quantization-aware training).
  class RoundedWeights {
   public:
    RoundedWeights(TrainSession& s, bool on) : s_(on ? &s : nullptr) {
      if (s_) s_->use_saved_weights();
    }
    ~RoundedWeights() {
      if (s_) s_->use_full_weights();
    }
    RoundedWeights(const RoundedWeights&) = delete;
    RoundedWeights& operator=(const RoundedWeights&) = delete;

   private:
    TrainSession* s_;
  };

 private:
  void use_saved_weights();  // swaps the rounded weights in, keeping full-precision copies
  void use_full_weights();   // and back out

  Model& model_;
  LoopConfig cfg_;
  std::vector<Param*> params_;
  std::vector<DType> dtypes_;    // how each of params_ is saved (LoopConfig::dtype_of)
  std::vector<int64_t> groups_;  // and its scale group (LoopConfig::group_of)
  std::vector<Mat> full_;        // the full-precision weights while the rounded ones are in use
  Adam opt_;
};

// Initializes the model from cfg.seed, then trains. next_example() hands out the examples in
// training order; evaluate(step, log) runs every eval_every steps. Fills loss_curve, first_loss,
// final_loss, steps (those actually taken) and seconds. When cfg.weights_dtype is not F32 the
// weights are rounded to it at the end, so every metric computed afterwards is that of the weights
// as they will be shipped.
TrainReport run_training(Model& model, const LoopConfig& cfg, const std::function<const Example&()>& next_example,
                         const std::function<void(int step, std::ostream& log)>& evaluate, std::ostream& log);

}  // namespace attnlab
