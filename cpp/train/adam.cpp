#include "train/adam.h"

#include <cmath>
#include <stdexcept>

#include "core/pmath.h"

namespace attnlab {

double clip_grad_norm(const std::vector<Param*>& params, double max_norm) {
  double sq = 0;
  for (const Param* p : params) sq += p->grad.template cast<double>().squaredNorm();
  const double norm = std::sqrt(sq);
  if (max_norm > 0 && norm > max_norm) {
    const Real scale = static_cast<Real>(max_norm / (norm + 1e-6));  // as torch: max_norm / (norm + 1e-6)
    for (Param* p : params) p->grad *= scale;
  }
  return norm;
}

Adam::Adam(std::vector<Param*> params, AdamConfig config) : params_(std::move(params)), config_(config) {
  for (const Param* p : params_) {
    m_.push_back(Mat::Zero(p->value.rows(), p->value.cols()));
    v_.push_back(Mat::Zero(p->value.rows(), p->value.cols()));
    weight_decay_.push_back(config_.weight_decay);
  }
}

void Adam::set_weight_decay(const Param* p, double weight_decay) {
  for (size_t i = 0; i < params_.size(); ++i)
    if (params_[i] == p) {
      weight_decay_[i] = weight_decay;
      return;
    }
  throw std::invalid_argument("adam: set_weight_decay on a parameter the optimizer does not hold");
}

double Adam::step() {
  const double norm = clip_grad_norm(params_, config_.clip_norm);
  ++t_;
  const double bc1 = 1.0 - pmath::pow_int(config_.beta1, t_);
  const double bc2 = 1.0 - pmath::pow_int(config_.beta2, t_);
  const Real b1 = static_cast<Real>(config_.beta1), b2 = static_cast<Real>(config_.beta2);
  const Real step_size = static_cast<Real>(config_.lr / bc1);
  const Real inv_sqrt_bc2 = static_cast<Real>(1.0 / std::sqrt(bc2));
  const Real eps = static_cast<Real>(config_.eps);
  for (size_t i = 0; i < params_.size(); ++i) {
    Param& p = *params_[i];
    m_[i] = b1 * m_[i] + (Real(1) - b1) * p.grad;
    v_[i] = b2 * v_[i] + (Real(1) - b2) * p.grad.cwiseAbs2();
    if (weight_decay_[i] != 0) p.value *= static_cast<Real>(1.0 - config_.lr * weight_decay_[i]);
    // torch: p -= lr/bc1 * m / (sqrt(v)/sqrt(bc2) + eps)
    p.value.array() -= step_size * m_[i].array() / (v_[i].array().sqrt() * inv_sqrt_bc2 + eps);
  }
  return norm;
}

void Adam::zero_grad() {
  for (Param* p : params_) p->zero_grad();
}

}  // namespace attnlab
