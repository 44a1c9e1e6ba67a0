#include "layers/cross_entropy.h"

#include <stdexcept>
#include <string>

#include "core/matmul.h"
#include "core/pmath.h"

namespace attnlab {

Mat log_softmax_rows(const Mat& logits) {
  Mat out(logits.rows(), logits.cols());
  for (Eigen::Index r = 0; r < logits.rows(); ++r) {
    const Real max = logits.row(r).maxCoeff();
    out.row(r) = logits.row(r).array() - max;
    RowVec e = out.row(r);
    exp_inplace(e.data(), e.size());
    double sum = 0;  // in double and in order: thousands of terms, summed the same way everywhere
    for (Eigen::Index c = 0; c < e.size(); ++c) sum += e[c];
    out.row(r).array() -= static_cast<Real>(pmath::log(sum));
  }
  return out;
}

CrossEntropyResult cross_entropy(const Mat& logits, const std::vector<int>& targets) {
  if (static_cast<Eigen::Index>(targets.size()) != logits.rows())
    throw std::invalid_argument("cross_entropy: " + std::to_string(targets.size()) + " targets for " +
                                std::to_string(logits.rows()) + " rows of logits");
  CrossEntropyResult res;
  const Mat logp = log_softmax_rows(logits);
  res.dlogits = Mat::Zero(logits.rows(), logits.cols());
  for (Eigen::Index r = 0; r < logits.rows(); ++r) {
    const int t = targets[r];
    if (t == kIgnoreIndex) continue;
    if (t < 0 || t >= logits.cols())
      throw std::out_of_range("cross_entropy: target " + std::to_string(t) + " outside [0, " +
                              std::to_string(logits.cols()) + ")");
    res.loss -= logp(r, t);
    res.dlogits.row(r) = logp.row(r);
    exp_inplace(&res.dlogits(r, 0), res.dlogits.cols());
    res.dlogits(r, t) -= 1;
    ++res.counted;
  }
  if (res.counted > 0) {
    res.loss /= static_cast<Real>(res.counted);
    res.dlogits /= static_cast<Real>(res.counted);
  }
  return res;
}

}  // namespace attnlab
