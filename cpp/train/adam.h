// Adam with decoupled weight decay (torch.optim.AdamW; weight_decay = 0 gives torch.optim.Adam)
// and optional clipping of the global gradient norm (torch.nn.utils.clip_grad_norm_).
#pragma once

#include <vector>

#include "core/param.h"

namespace attnlab {

struct AdamConfig {
  double lr = 1e-3;
  double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  double weight_decay = 0.0;  // decoupled: p -= lr * wd * p before the Adam update
  double clip_norm = 0.0;     // 0 = no clipping
};

// Scales every gradient so that their joint L2 norm is at most max_norm. Returns the norm before.
double clip_grad_norm(const std::vector<Param*>& params, double max_norm);

class Adam {
 public:
  Adam(std::vector<Param*> params, AdamConfig config);
  // Clips (if configured) and applies one update. Returns the gradient norm before clipping.
  double step();
  void zero_grad();
  int steps_taken() const { return t_; }
  AdamConfig& config() { return config_; }
  // A decoupled weight decay for one parameter instead of config.weight_decay (the parameter
  // groups of torch.optim.AdamW). p must be one of the parameters the optimizer was given.
  void set_weight_decay(const Param* p, double weight_decay);

 private:
  std::vector<Param*> params_;
  AdamConfig config_;
  std::vector<Mat> m_, v_;            // first and second moments, one per parameter
  std::vector<double> weight_decay_;  // one per parameter, config.weight_decay unless set
  int t_ = 0;
};

}  // namespace attnlab
