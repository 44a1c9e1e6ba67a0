#include "layers/align.h"

#include <cmath>
#include <stdexcept>

#include "core/cold.h"
#include "core/fused.h"
#include "core/matmul.h"
#include "layers/linear.h"

namespace attnlab {

Align::Align(Score k, Normalization n, int dk, int dq, int a)
    : kind(k), norm(n), key_dim(dk), query_dim(dq), attn_dim(a) {
  if (kind == Score::General) {
    weight = Param::matrix(dk, dq);
  } else {
    w_key = Param::matrix(a, dk);
    w_query = Param::matrix(a, dq);
    if (kind == Score::Additive) v = Param::matrix(1, a);
  }
}

ATTNLAB_COLD void Align::init(Rng& rng) {
  if (kind == Score::General) {
    init_uniform(weight.value, rng, 1.0 / std::sqrt(static_cast<double>(query_dim)));
    return;
  }
  init_uniform(w_key.value, rng, 1.0 / std::sqrt(static_cast<double>(key_dim)));
  init_uniform(w_query.value, rng, 1.0 / std::sqrt(static_cast<double>(query_dim)));
  if (kind == Score::Additive) init_uniform(v.value, rng, 1.0 / std::sqrt(static_cast<double>(attn_dim)));
}

Mat Align::project_keys(const Mat& keys) const {
  if (kind == Score::General) throw std::logic_error("align: the general score has no key projection");
  Mat kp;
  matmul_nt(keys, w_key.value, kp);
  return kp;
}

Align::Result Align::forward(const Mat& keys, const Mat& queries, const Mask* mask, Cache& cache) const {
  cache.projected = false;
  cache.keys = keys;
  if (kind != Score::General) matmul_nt(keys, w_key.value, cache.kp);
  return scores_and_weights(cache.kp, queries, mask, cache);
}

Align::Result Align::forward_projected(const Mat& projected_keys, const Mat& queries, const Mask* mask,
                                       Cache& cache) const {
  if (kind == Score::General) throw std::logic_error("align: the general score has no key projection");
  cache.projected = true;
  cache.keys.resize(0, 0);
  // A decoder passes the same projection at every step; only the dot scores' backward reads it again.
  if (kind == Score::Additive)
    cache.kp.resize(0, 0);
  else
    cache.kp = projected_keys;
  return scores_and_weights(projected_keys, queries, mask, cache);
}

Align::Result Align::scores_and_weights(const Mat& kp, const Mat& queries, const Mask* mask, Cache& cache) const {
  const Eigen::Index S = kind == Score::General ? cache.keys.rows() : kp.rows(), N = queries.rows();
  cache.queries = queries;
  Result res;
  res.scores.resize(N, S);
  switch (kind) {
    case Score::Additive: {
      matmul_nt(queries, w_query.value, cache.qp);
      if (kp.cols() != attn_dim) throw std::logic_error("align: projected keys of the wrong width");
      cache.tanh_pre.resize(N);
      for (Eigen::Index n = 0; n < N; ++n) {  // additive_scores, written into row n in place
        cache.tanh_pre[n].resize(S, attn_dim);
        additive_scores_kernel(kp.data(), &cache.qp(n, 0), v.value.data(), static_cast<int>(S), attn_dim,
                               cache.tanh_pre[n].data(), &res.scores(n, 0));
      }
      break;
    }
    case Score::Dot:
    case Score::ScaledDot: {
      matmul_nt(queries, w_query.value, cache.qp);
      matmul_nt(cache.qp, kp, res.scores);
      if (kind == Score::ScaledDot) res.scores /= std::sqrt(static_cast<Real>(attn_dim));
      break;
    }
    case Score::General: {
      matmul_nt(queries, weight.value, cache.qp);  // (N, Dk): W s for every query
      matmul_nt(cache.qp, cache.keys, res.scores);
      break;
    }
  }
  res.weights = normalize_rows(norm, res.scores, mask);
  cache.weights = res.weights;
  return res;
}

ATTNLAB_COLD void Align::backward(const Cache& cache, const Mat& dweights, Mat& dkeys, Mat& dqueries) {
  if (cache.projected) throw std::logic_error("align: forward_projected pairs with backward_projected");
  Mat dkp;
  backward_projected(cache, dweights, dkp, dqueries);
  if (kind == Score::General)
    dkeys = std::move(dkp);  // the general score reads the keys themselves
  else
    backward_key_projection(cache.keys, dkp, dkeys);
}

ATTNLAB_COLD void Align::backward_key_projection(const Mat& keys, const Mat& dkp, Mat& dkeys) {
  matmul_tn_acc(dkp, keys, w_key.grad);
  dkeys = matmul_nn(dkp, w_key.value);
}

ATTNLAB_COLD void Align::backward_projected(const Cache& cache, const Mat& dweights, Mat& dkp_out, Mat& dqueries) {
  if (kind == Score::General) {
    // forward was: e = (s W^T) h^T with qp = s W^T
    const Mat dscores = normalize_rows_backward(norm, cache.weights, dweights);
    const Mat dqp = dscores * cache.keys;      // (N, Dk)
    dkp_out = dscores.transpose() * cache.qp;  // general: the gradient of the keys themselves
    matmul_tn_acc(dqp, cache.queries, weight.grad);
    dqueries = matmul_nn(dqp, weight.value);
    return;
  }
  dkp_out = Mat::Zero(cache.weights.cols(), attn_dim);
  Mat dqp;
  backward_projected_step(cache, dweights, dkp_out, dqp, dqueries);
  backward_query_projection(cache.queries, dqp);
}

ATTNLAB_COLD void Align::backward_projected_step(const Cache& cache, const Mat& dweights, Mat& dkp_sum, Mat& dqp,
                                                 Mat& dqueries) {
  if (kind == Score::General) throw std::logic_error("align: the general score has no query projection");
  backward_scores(cache, dweights, dkp_sum, dqp);
  dqueries = matmul_nn(dqp, w_query.value);
}

ATTNLAB_COLD void Align::backward_query_projection(const Mat& queries, const Mat& dqp) {
  matmul_tn_acc(dqp, queries, w_query.grad);
}

ATTNLAB_COLD void Align::backward_scores(const Cache& cache, const Mat& dweights, Mat& dkp_sum, Mat& dqp) {
  // forward was: alpha = normalize(e)
  const Mat dscores = normalize_rows_backward(norm, cache.weights, dweights);
  const Eigen::Index N = cache.queries.rows();
  if (kind == Score::Additive) {
    // forward was: e_ni = v . tanh(kp_i + qp_n)
    const Eigen::Index S = dscores.cols();
    if (dkp_sum.rows() != S || dkp_sum.cols() != attn_dim) throw std::logic_error("align: dkp of the wrong shape");
    dqp.resize(N, attn_dim);
    RowVec dv(attn_dim);
    for (Eigen::Index n = 0; n < N; ++n) {  // additive_scores_backward_acc, writing row n of dqp in place
      additive_scores_backward_kernel(&dscores(n, 0), cache.tanh_pre[n].data(), v.value.data(), static_cast<int>(S),
                                      attn_dim, dkp_sum.data(), &dqp(n, 0), dv.data());
      v.grad += dv;
    }
    return;
  }
  // forward was: e = qp kp^T (/ sqrt A)
  Mat de = dscores;
  if (kind == Score::ScaledDot) de /= std::sqrt(static_cast<Real>(attn_dim));
  dqp = de * cache.kp;
  dkp_sum.noalias() += de.transpose() * cache.qp;
}

void Align::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  if (kind == Score::General) {
    f(join_name(prefix, "weight"), weight);
    return;
  }
  f(join_name(prefix, "w_key.weight"), w_key);
  f(join_name(prefix, "w_query.weight"), w_query);
  if (kind == Score::Additive) f(join_name(prefix, "v.weight"), v);
}

}  // namespace attnlab
