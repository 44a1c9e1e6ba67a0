// Align (score) functions: how strongly a query (decoder state s_j, or the current token h_i)
// matches each key (encoder state h_i, or an earlier token). Each returns the raw scores and the
// normalized weights, so a view can show both without recomputing.
//
//   additive    e = v^T tanh(W_K h + W_Q s)            (Bahdanau et al. 2015; W [h; s] split in two)
//   dot         e = (W_K h)^T (W_Q s)                  (the Transformer's form, unscaled)
//   scaled_dot  e = (W_K h)^T (W_Q s) / sqrt(A)
//   general     e = h^T W s                            (Luong's bilinear form)
//
// then alpha = softmax(e) over the keys, or sigmoid(e) element-wise.
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"
#include "layers/score.h"
#include "layers/softmax.h"

namespace attnlab {

struct Align {
  Score kind = Score::Additive;
  Normalization norm = Normalization::Softmax;
  int key_dim = 0, query_dim = 0, attn_dim = 0;
  Param w_key;    // (A, Dk)   align.w_key.weight    additive, dot, scaled_dot (nn.Linear, no bias)
  Param w_query;  // (A, Dq)   align.w_query.weight  additive, dot, scaled_dot (nn.Linear, no bias)
  Param v;        // (1, A)    align.v.weight        additive only (nn.Linear(A, 1, bias=False))
  Param weight;   // (Dk, Dq)  align.weight          general only

  struct Result {
    Mat scores;   // (N, S) before normalization
    Mat weights;  // (N, S) alpha
  };
  struct Cache {
    bool projected = false;     // forward_projected was given W_K h precomputed (see project_keys)
    Mat keys, queries;          // (S, Dk) (empty when projected), (N, Dq)
    Mat kp, qp;                 // (S, A), (N, A): W_K h (projected: kept for dot scores only), W_Q s
    std::vector<Mat> tanh_pre;  // additive: N x (S, A) tanh(W_K h_i + W_Q s_n)
    Mat weights;                // (N, S)
  };

  Align() = default;
  // attn_dim is ignored by "general" (its W maps query space to key space directly).
  Align(Score kind, Normalization norm, int key_dim, int query_dim, int attn_dim);
  void init(Rng& rng);  // nn.Linear default: U(-1/sqrt(fan_in), 1/sqrt(fan_in))

  // keys (S, Dk), queries (N, Dq), mask (N, S) or null.
  Result forward(const Mat& keys, const Mat& queries, const Mask* mask, Cache& cache) const;
  // From d loss / d weights (N, S): accumulates parameter grads, writes dkeys (S, Dk), dqueries (N, Dq).
  void backward(const Cache& cache, const Mat& dweights, Mat& dkeys, Mat& dqueries);

  // A decoder attends over the same keys at every step: project them once (W_K h_i for all i,
  // (S, A); additive, dot and scaled_dot only), pass the projection to forward_projected at each
  // step, add up each step's backward_projected dkp, and finish once with
  // backward_key_projection. Same numbers as forward/backward, one key projection per sentence.
  Mat project_keys(const Mat& keys) const;
  Result forward_projected(const Mat& projected_keys, const Mat& queries, const Mask* mask, Cache& cache) const;
  // Like backward, but writes dkp (S, A), the gradient of the projected keys, instead of dkeys.
  void backward_projected(const Cache& cache, const Mat& dweights, Mat& dkp, Mat& dqueries);
  // The same for one of a decoder's steps: adds the step's dkp into dkp_sum (S, A) and writes dqp
  // (N, A), the gradient of W_Q s, beside dqueries. W_Q's gradient, one outer product per step, is
  // left to backward_query_projection, which sums the steps' rows (stacked) in one product.
  void backward_projected_step(const Cache& cache, const Mat& dweights, Mat& dkp_sum, Mat& dqp, Mat& dqueries);
  // forward was: qp = queries W_Q^T  =>  dW_Q += dqp^T queries
  void backward_query_projection(const Mat& queries, const Mat& dqp);
  // forward was: kp = keys W_K^T  =>  dW_K += dkp^T keys, dkeys = dkp W_K
  void backward_key_projection(const Mat& keys, const Mat& dkp, Mat& dkeys);

  void for_each_param(const std::string& prefix, const ParamVisitor& f);

 private:
  // Scores and weights from the projected keys kp (S, A) (for general, from cache.keys).
  Result scores_and_weights(const Mat& kp, const Mat& queries, const Mask* mask, Cache& cache) const;
  // Through the normalization and the scores to the projections: dkp_sum (S, A) += dkp, dqp (N, A).
  void backward_scores(const Cache& cache, const Mat& dweights, Mat& dkp_sum, Mat& dqp);
};

}  // namespace attnlab
