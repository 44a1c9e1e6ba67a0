#include "layers/align.h"

#include <cmath>
#include <stdexcept>

#include "core/matmul.h"
#include "layers/additive_score.h"
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

void Align::init(Rng& rng) {
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
  return scores_and_weights(queries, mask, cache);
}

Align::Result Align::forward_projected(const Mat& projected_keys, const Mat& queries, const Mask* mask,
                                       Cache& cache) const {
  if (kind == Score::General) throw std::logic_error("align: the general score has no key projection");
  cache.projected = true;
  cache.keys.resize(0, 0);
  cache.kp = projected_keys;
  return scores_and_weights(queries, mask, cache);
}

Align::Result Align::scores_and_weights(const Mat& queries, const Mask* mask, Cache& cache) const {
  const Eigen::Index S = kind == Score::General ? cache.keys.rows() : cache.kp.rows(), N = queries.rows();
  cache.queries = queries;
  Result res;
  res.scores.resize(N, S);
  switch (kind) {
    case Score::Additive: {
      matmul_nt(queries, w_query.value, cache.qp);
      cache.tanh_pre.resize(N);
      for (Eigen::Index n = 0; n < N; ++n)
        res.scores.row(n) = additive_scores(cache.kp, cache.qp.row(n), v.value, cache.tanh_pre[n]);
      break;
    }
    case Score::Dot:
    case Score::ScaledDot: {
      matmul_nt(queries, w_query.value, cache.qp);
      matmul_nt(cache.qp, cache.kp, res.scores);
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

void Align::backward(const Cache& cache, const Mat& dweights, Mat& dkeys, Mat& dqueries) {
  if (cache.projected) throw std::logic_error("align: forward_projected pairs with backward_projected");
  Mat dkp;
  backward_projected(cache, dweights, dkp, dqueries);
  if (kind == Score::General)
    dkeys = std::move(dkp);  // the general score reads the keys themselves
  else
    backward_key_projection(cache.keys, dkp, dkeys);
}

void Align::backward_key_projection(const Mat& keys, const Mat& dkp, Mat& dkeys) {
  matmul_tn_acc(dkp, keys, w_key.grad);
  dkeys = matmul_nn(dkp, w_key.value);
}

void Align::backward_projected(const Cache& cache, const Mat& dweights, Mat& dkp_out, Mat& dqueries) {
  // forward was: alpha = normalize(e)
  const Mat dscores = normalize_rows_backward(norm, cache.weights, dweights);
  const Eigen::Index N = cache.queries.rows();
  switch (kind) {
    case Score::Additive: {
      // forward was: e_ni = v . tanh(kp_i + qp_n)
      Mat dkp = Mat::Zero(cache.kp.rows(), cache.kp.cols());
      Mat dqp(N, attn_dim);
      for (Eigen::Index n = 0; n < N; ++n) {
        const AdditiveScoreGrad g = additive_scores_backward(dscores.row(n), cache.tanh_pre[n], v.value);
        v.grad += g.dv;
        dkp += g.dkeys;
        dqp.row(n) = g.dquery;
      }
      matmul_tn_acc(dqp, cache.queries, w_query.grad);
      dkp_out = std::move(dkp);
      dqueries = matmul_nn(dqp, w_query.value);
      break;
    }
    case Score::Dot:
    case Score::ScaledDot: {
      // forward was: e = qp kp^T (/ sqrt A)
      Mat de = dscores;
      if (kind == Score::ScaledDot) de /= std::sqrt(static_cast<Real>(attn_dim));
      const Mat dqp = de * cache.kp;
      dkp_out = de.transpose() * cache.qp;
      matmul_tn_acc(dqp, cache.queries, w_query.grad);
      dqueries = matmul_nn(dqp, w_query.value);
      break;
    }
    case Score::General: {
      // forward was: e = (s W^T) h^T with qp = s W^T
      const Mat dqp = dscores * cache.keys;      // (N, Dk)
      dkp_out = dscores.transpose() * cache.qp;  // general: the gradient of the keys themselves
      matmul_tn_acc(dqp, cache.queries, weight.grad);
      dqueries = matmul_nn(dqp, weight.value);
      break;
    }
  }
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
