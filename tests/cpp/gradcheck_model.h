// The whole-model gradient check: loss_and_backward's gradients against central finite
// differences of the loss it returns, for up to 25 elements of every parameter (double build).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "models/model.h"

namespace attnlab {

inline void check_model(Model& model, const Example& ex) {
  Rng rng(3);
  model.init(rng);
  std::vector<std::pair<std::string, Param*>> params;
  model.for_each_param([&](const std::string& name, Param& p) { params.emplace_back(name, &p); });
  for (auto& [name, p] : params) p->zero_grad();
  model.loss_and_backward(ex);
  // Snapshot every gradient first: the finite-difference calls below accumulate into them again.
  std::vector<Mat> analytic_grads;
  for (auto& [name, p] : params) analytic_grads.push_back(p->grad);
  const double eps = 1e-5;
  int checked = 0;
  for (size_t k_param = 0; k_param < params.size(); ++k_param) {
    auto& [name, p] = params[k_param];
    const Mat& analytic = analytic_grads[k_param];
    const Eigen::Index n = p->value.size();
    for (int k = 0; k < std::min<Eigen::Index>(25, n); ++k) {
      const Eigen::Index i = n <= 25 ? k : static_cast<Eigen::Index>(rng.below(static_cast<uint64_t>(n)));
      Real& v = p->value.data()[i];
      const Real saved = v;
      v = saved + eps;
      const double lp = model.loss_and_backward(ex);
      v = saved - eps;
      const double lm = model.loss_and_backward(ex);
      v = saved;
      const double numeric = (lp - lm) / (2 * eps), a = analytic.data()[i];
      const double err = std::abs(a - numeric) / std::max(1.0, std::abs(a) + std::abs(numeric));
      if (err > 1e-6) {
        INFO(name << "[" << i << "]: analytic " << a << ", numeric " << numeric);
        CHECK(err <= 1e-6);
      }
      ++checked;
    }
  }
  REQUIRE(checked > 0);
}

}  // namespace attnlab
