#include "layers/additive_score.h"

#include "core/matmul.h"

namespace attnlab {

RowVec additive_scores(const Mat& keys, const RowVec& query, const RowVec& v, Mat& hidden) {
  hidden = keys;
  hidden.rowwise() += query;
  tanh_inplace(hidden.data(), hidden.size());
  Mat e;
  matmul_nt(hidden, v, e);  // (S, 1)
  return e.transpose();
}

AdditiveScoreGrad additive_scores_backward(const RowVec& de, const Mat& hidden, const RowVec& v) {
  // forward was: e_j = v . P_j, P_j = tanh(k_j + q)
  AdditiveScoreGrad g;
  g.dv = matvec_nn(de, hidden);
  g.dkeys = de.transpose() * v;
  g.dkeys.array() *= Real(1) - hidden.array().square();
  g.dquery = g.dkeys.colwise().sum();
  return g;
}

}  // namespace attnlab
