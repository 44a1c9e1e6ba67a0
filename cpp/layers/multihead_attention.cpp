#include "layers/multihead_attention.h"

#include <cmath>
#include <stdexcept>

#include "core/matmul.h"

namespace attnlab {

MultiheadAttention::MultiheadAttention(int d, int h, Normalization n)
    : d_model(d),
      n_head(h),
      norm(n),
      in_proj_weight(Param::matrix(3 * d, d)),
      in_proj_bias(Param::vector(3 * d)),
      out_proj(d, d) {
  if (h <= 0 || d % h != 0)
    throw std::invalid_argument("d_model=" + std::to_string(d) + " must be divisible by n_head=" + std::to_string(h));
}

void MultiheadAttention::init(Rng& rng) {
  init_uniform(in_proj_weight.value, rng, std::sqrt(6.0 / (d_model + 3 * d_model)));
  in_proj_bias.value.setZero();
  out_proj.init(rng);
  out_proj.bias.value.setZero();
}

Mat MultiheadAttention::forward(const Mat& x, bool causal, Trace& tr) const {
  const Eigen::Index T = x.rows();
  const int K = head_dim();
  tr.x = x;
  tr.causal = causal;
  Mat qkv;
  matmul_nt_bias(x, in_proj_weight.value, in_proj_bias.value, qkv);
  tr.q = qkv.leftCols(d_model);
  tr.k = qkv.middleCols(d_model, d_model);
  tr.v = qkv.rightCols(d_model);
  const Mask mask = causal ? causal_mask(static_cast<int>(T)) : Mask();
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(K));
  tr.scores.resize(n_head);
  tr.weights.resize(n_head);
  tr.heads.resize(T, d_model);
  Mat qh, kh, vt, bh;
  for (int h = 0; h < n_head; ++h) {
    // Contiguous copies of this head's columns, so both products are row-dot products.
    qh = tr.q.middleCols(h * K, K) * scale;
    kh = tr.k.middleCols(h * K, K);
    vt = tr.v.middleCols(h * K, K).transpose();
    matmul_nt(qh, kh, tr.scores[h]);
    tr.weights[h] = normalize_rows(norm, tr.scores[h], causal ? &mask : nullptr);
    matmul_nt(tr.weights[h], vt, bh);
    tr.heads.middleCols(h * K, K) = bh;
  }
  tr.out = out_proj.forward(tr.heads);
  return tr.out;
}

Mat MultiheadAttention::backward(const Trace& tr, const Mat& dout) {
  const Eigen::Index T = tr.x.rows();
  const int K = head_dim();
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(K));
  const Mat dheads = out_proj.backward(tr.heads, dout);
  Mat dqkv(T, 3 * d_model);
  for (int h = 0; h < n_head; ++h) {
    // forward was: b^h = alpha^h V^h  =>  dalpha = db V^T, dV = alpha^T db
    const auto db = dheads.middleCols(h * K, K);
    const Mat dalpha = db * tr.v.middleCols(h * K, K).transpose();
    dqkv.middleCols(2 * d_model + h * K, K).noalias() = tr.weights[h].transpose() * db;
    // forward was: alpha = normalize(e), e = scale Q K^T  =>  dQ = scale de K, dK = scale de^T Q
    const Mat de = normalize_rows_backward(norm, tr.weights[h], dalpha) * scale;
    dqkv.middleCols(h * K, K).noalias() = de * tr.k.middleCols(h * K, K);
    dqkv.middleCols(d_model + h * K, K).noalias() = de.transpose() * tr.q.middleCols(h * K, K);
  }
  in_proj_weight.grad.noalias() += dqkv.transpose() * tr.x;
  in_proj_bias.grad += dqkv.colwise().sum();
  return dqkv * in_proj_weight.value;
}

void MultiheadAttention::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "in_proj_weight"), in_proj_weight);
  f(join_name(prefix, "in_proj_bias"), in_proj_bias);
  out_proj.for_each_param(join_name(prefix, "out_proj"), f);
}

}  // namespace attnlab
