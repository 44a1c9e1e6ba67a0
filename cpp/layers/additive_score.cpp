#include "layers/additive_score.h"

#include <stdexcept>

#include "core/cold.h"
#include "core/fused.h"

namespace attnlab {

RowVec additive_scores(const Mat& keys, const RowVec& query, const RowVec& v, Mat& hidden) {
  const Eigen::Index S = keys.rows(), A = keys.cols();
  if (query.size() != A || v.size() != A) throw std::logic_error("additive_scores: widths differ");
  hidden.resize(S, A);
  RowVec e(S);
  additive_scores_kernel(keys.data(), query.data(), v.data(), static_cast<int>(S), static_cast<int>(A), hidden.data(),
                         e.data());
  return e;
}

ATTNLAB_COLD AdditiveScoreGrad additive_scores_backward(const RowVec& de, const Mat& hidden, const RowVec& v) {
  AdditiveScoreGrad g;
  g.dkeys = Mat::Zero(hidden.rows(), hidden.cols());
  additive_scores_backward_acc(de, hidden, v, g.dkeys, g.dquery, g.dv);
  return g;
}

ATTNLAB_COLD void additive_scores_backward_acc(const RowVec& de, const Mat& hidden, const RowVec& v, Mat& dkeys,
                                               RowVec& dquery, RowVec& dv) {
  // forward was: e_j = v . P_j, P_j = tanh(k_j + q)
  //   => dv = sum_j de_j P_j, dpre_j = de_j v (1 - P_j^2), dk_j += dpre_j, dq = sum_j dpre_j
  const Eigen::Index S = hidden.rows(), A = hidden.cols();
  if (de.size() != S || v.size() != A || dkeys.rows() != S || dkeys.cols() != A)
    throw std::logic_error("additive_scores_backward: shapes differ");
  dquery.resize(A);
  dv.resize(A);
  additive_scores_backward_kernel(de.data(), hidden.data(), v.data(), static_cast<int>(S), static_cast<int>(A),
                                  dkeys.data(), dquery.data(), dv.data());
}

}  // namespace attnlab
