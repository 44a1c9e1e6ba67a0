// A trainable tensor and its gradient, and the one visitor that serialization, the optimizer and
// the gradient checker all walk.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "core/types.h"

namespace attnlab {

// A model bigger than its weights file could hold: thrown while a ParamBudget is exceeded.
class TooManyParameters : public std::length_error {
 public:
  using std::length_error::length_error;
};

// A config that asks for more parameters than its weights file can hold must fail before they are
// allocated: vocab_size 2^20 and width 4096 in a 100-byte config.json asked for 16 GB (the
// model_folder fuzzer, docs/testing.md). While a ParamBudget lives, Param::matrix counts the
// values it allocates on this thread and throws TooManyParameters past max_values. build_model puts
// one of kMaxParameters in place when none is active (a config with no weights: random models).
class ParamBudget {
 public:
  static constexpr int64_t kMaxParameters = int64_t{1} << 25;  // 33,554,432: 512 MB while training (value, grad, Adam)
  static bool active() { return current() != nullptr; }
  explicit ParamBudget(int64_t max_values) : previous_(current()), left_(max_values) { current() = this; }
  ~ParamBudget() { current() = previous_; }
  ParamBudget(const ParamBudget&) = delete;
  ParamBudget& operator=(const ParamBudget&) = delete;

  static void take(int64_t n) {
    ParamBudget* b = current();
    if (!b) return;
    if (n > b->left_)
      throw TooManyParameters("a parameter of " + std::to_string(n) + " values is past the budget (" +
                              std::to_string(b->left_) + " values left)");
    b->left_ -= n;
  }

 private:
  static ParamBudget*& current() {
    static thread_local ParamBudget* budget = nullptr;
    return budget;
  }
  ParamBudget* previous_;
  int64_t left_;
};

struct Param {
  Mat value;               // PyTorch shape (rows, cols); a 1-D tensor is stored as (1, n)
  Mat grad;                // same shape as value; backward passes accumulate into it
  bool is_vector = false;  // true when PyTorch stores it as a 1-D tensor (biases, LayerNorm)

  static Param matrix(int rows, int cols) {
    ParamBudget::take(static_cast<int64_t>(rows) * cols);
    Param p;
    p.value = Mat::Zero(rows, cols);
    p.grad = Mat::Zero(rows, cols);
    return p;
  }
  static Param vector(int n) {
    Param p = matrix(1, n);
    p.is_vector = true;
    return p;
  }
  // The shape PyTorch would report for this tensor.
  Shape shape() const {
    if (is_vector) return {static_cast<int64_t>(value.cols())};
    return {static_cast<int64_t>(value.rows()), static_cast<int64_t>(value.cols())};
  }
  int64_t numel() const { return value.size(); }
  void zero_grad() { grad.setZero(); }
};

// Called once per parameter with its full PyTorch state_dict name, e.g. "encoder.weight_ih_l0".
using ParamVisitor = std::function<void(const std::string& name, Param& param)>;

// Joins a module prefix and a tensor name the way PyTorch's state_dict does ("" + "x" -> "x").
inline std::string join_name(const std::string& prefix, const std::string& name) {
  return prefix.empty() ? name : prefix + "." + name;
}

}  // namespace attnlab
