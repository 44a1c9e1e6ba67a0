// The additive score of one query against every key, with keys and query already projected:
//   P_j = tanh(k_j + q),  e_j = v . P_j
// Align option 1 of the Seq2Seq and RNN lessons (v^T tanh(W_K h_i + W_Q s_j), Bahdanau et al. 2015)
// and the Transformer's additive heads both call it. Both directions are one fused kernel each
// (core/fused.h).
#pragma once

#include "core/types.h"

namespace attnlab {

// keys (S, A), query (1, A), v (1, A) -> scores (1, S); hidden receives P (S, A) for the backward.
RowVec additive_scores(const Mat& keys, const RowVec& query, const RowVec& v, Mat& hidden);

struct AdditiveScoreGrad {
  RowVec dv;      // (1, A)  sum_j de_j P_j
  Mat dkeys;      // (S, A)  dpre_j = de_j v (1 - P_j^2)
  RowVec dquery;  // (1, A)  sum_j dpre_j
};
// The gradients for de (1, S), the loss's derivative with respect to the scores.
AdditiveScoreGrad additive_scores_backward(const RowVec& de, const Mat& hidden, const RowVec& v);
// The same without temporaries: adds dpre_j into row j of dkeys (S, A), assigns dquery and dv (1, A).
void additive_scores_backward_acc(const RowVec& de, const Mat& hidden, const RowVec& v, Mat& dkeys, RowVec& dquery,
                                  RowVec& dv);

}  // namespace attnlab
