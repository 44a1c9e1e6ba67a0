// A trainable tensor and its gradient, and the one visitor that serialization, the optimizer and
// the gradient checker all walk.
#pragma once

#include <functional>
#include <string>

#include "core/types.h"

namespace attnlab {

struct Param {
  Mat value;               // PyTorch shape (rows, cols); a 1-D tensor is stored as (1, n)
  Mat grad;                // same shape as value; backward passes accumulate into it
  bool is_vector = false;  // true when PyTorch stores it as a 1-D tensor (biases, LayerNorm)

  static Param matrix(int rows, int cols) {
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
