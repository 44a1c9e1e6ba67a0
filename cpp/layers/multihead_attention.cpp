#include "layers/multihead_attention.h"

#include <cmath>
#include <stdexcept>

#include "core/cold.h"
#include "core/matmul.h"
#include "core/pmath.h"
#include "layers/additive_score.h"

namespace attnlab {

MultiheadAttention::MultiheadAttention(int d, int h, Normalization n, Score s)
    : d_model(d),
      n_head(h),
      norm(n),
      score(s),
      in_proj_weight(Param::matrix(3 * d, d)),
      in_proj_bias(Param::vector(3 * d)),
      out_proj(d, d) {
  if (h <= 0 || d % h != 0)
    throw std::invalid_argument("d_model=" + std::to_string(d) + " must be divisible by n_head=" + std::to_string(h));
  if (s == Score::Additive) additive_v = Param::matrix(h, d / h);
}

ATTNLAB_COLD void MultiheadAttention::init(Rng& rng) {
  init_uniform(in_proj_weight.value, rng, std::sqrt(6.0 / (d_model + 3 * d_model)));
  in_proj_bias.value.setZero();
  out_proj.init(rng);
  out_proj.bias.value.setZero();
  if (score == Score::Additive) init_uniform(additive_v.value, rng, 1.0 / std::sqrt(head_dim()));
}

Mat MultiheadAttention::forward(const Mat& x, bool causal, Trace& tr, const HeadsEdit* edit) const {
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
  const Real scale = edit && !edit->scaled ? Real(1) : Real(1) / std::sqrt(static_cast<Real>(K));
  tr.scores.resize(n_head);
  tr.weights.resize(n_head);
  tr.edited_rows.assign(static_cast<size_t>(n_head), {});
  tr.heads.resize(T, d_model);
  Mat qh, kh, vt, bh;
  for (int h = 0; h < n_head; ++h) {
    // Contiguous copies of this head's columns, so both products are row-dot products.
    kh = tr.k.middleCols(h * K, K);
    vt = tr.v.middleCols(h * K, K).transpose();
    if (score == Score::Dot) {
      qh = tr.q.middleCols(h * K, K) * scale;
      matmul_nt(qh, kh, tr.scores[h]);
    } else {
      // e_ij = v_h . tanh(q_i + k_j)
      const RowVec vh = additive_v.value.row(h);
      tr.scores[h].resize(T, T);
      Mat hidden;
      for (Eigen::Index i = 0; i < T; ++i)
        tr.scores[h].row(i) = additive_scores(kh, tr.q.row(i).segment(h * K, K), vh, hidden);
    }
    if (norm == Normalization::Sigmoid && sigmoid_log_n) {
      Mat shifted = tr.scores[h];
      for (Eigen::Index i = 0; i < T; ++i) shifted.row(i).array() -= pmath::log(static_cast<Real>(causal ? i + 1 : T));
      tr.weights[h] = normalize_rows(norm, shifted, causal ? &mask : nullptr);
    } else {
      tr.weights[h] = normalize_rows(norm, tr.scores[h], causal ? &mask : nullptr);
    }
    if (edit) edit_head(*edit, h, causal, tr);
    matmul_nt(tr.weights[h], vt, bh);
    if (edit && edit->ablated[static_cast<size_t>(h)]) bh.setZero();
    tr.heads.middleCols(h * K, K) = bh;
  }
  tr.out = out_proj.forward(tr.heads);
  if (edit && edit->layer_ablated) tr.out.setZero();
  return tr.out;
}

void MultiheadAttention::edit_head(const HeadsEdit& edit, int h, bool causal, Trace& tr) const {
  const MapEdit& e = edit.heads[static_cast<size_t>(h)];
  const int T = static_cast<int>(tr.x.rows());
  check_map_size(e, T, T);
  for (int i = 0; i < T; ++i) {
    RowVec scores = tr.scores[h].row(i), weights = tr.weights[h].row(i);
    if (norm == Normalization::Sigmoid && sigmoid_log_n)  // the row's shift, as the forward applied it
      scores.array() -= pmath::log(static_cast<Real>(causal ? i + 1 : T));
    if (!edit_row(e, i, causal ? i + 1 : T, norm, scores, weights)) continue;
    tr.weights[h].row(i) = weights;
    tr.edited_rows[static_cast<size_t>(h)].push_back(i);
  }
}

ATTNLAB_COLD Mat MultiheadAttention::backward(const Trace& tr, const Mat& dout) {
  const Eigen::Index T = tr.x.rows();
  const int K = head_dim();
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(K));
  const Mat dheads = out_proj.backward(tr.heads, dout);
  Mat dqkv(T, 3 * d_model);
  for (int h = 0; h < n_head; ++h) {
    // forward was: b^h = alpha^h V^h  =>  dalpha = db V^T, dV = alpha^T db
    // (contiguous copies of the head's columns, for the engine's kernels)
    const Mat db = dheads.middleCols(h * K, K), vh = tr.v.middleCols(h * K, K);
    Mat dalpha, dv = Mat::Zero(T, K);
    matmul_nt(db, vh, dalpha);
    matmul_tn_acc(tr.weights[h], db, dv);
    dqkv.middleCols(2 * d_model + h * K, K) = dv;
    const Mat de = normalize_rows_backward(norm, tr.weights[h], dalpha);  // the -ln n shift has derivative 1
    if (score == Score::Dot) {
      // forward was: alpha = normalize(e), e = scale Q K^T  =>  dQ = scale de K, dK = scale de^T Q
      const Mat scaled = scale * de, qh = tr.q.middleCols(h * K, K);
      Mat dk = Mat::Zero(T, K);
      dqkv.middleCols(h * K, K) = matmul_nn(scaled, tr.k.middleCols(h * K, K));
      matmul_tn_acc(scaled, qh, dk);
      dqkv.middleCols(d_model + h * K, K) = dk;
    } else {
      // forward was: e_ij = v . P_ij, P_ij = tanh(q_i + k_j)
      //   => dv += sum_ij de_ij P_ij,  dpre_ij = de_ij v (1 - P_ij^2),  dq_i += sum_j dpre_ij,  dk_j += sum_i dpre_ij
      const Mat kh = tr.k.middleCols(h * K, K);
      const RowVec vh = additive_v.value.row(h);
      auto dq = dqkv.middleCols(h * K, K);
      auto dk = dqkv.middleCols(d_model + h * K, K);
      dq.setZero();
      dk.setZero();
      Mat hidden;
      for (Eigen::Index i = 0; i < T; ++i) {
        additive_scores(kh, tr.q.row(i).segment(h * K, K), vh, hidden);  // P again: the trace keeps only e
        const AdditiveScoreGrad g = additive_scores_backward(de.row(i), hidden, vh);
        additive_v.grad.row(h) += g.dv;
        dq.row(i) += g.dquery;
        dk += g.dkeys;
      }
    }
  }
  matmul_tn_acc(dqkv, tr.x, in_proj_weight.grad);
  add_column_sums(dqkv, in_proj_bias.grad);
  return matmul_nn(dqkv, in_proj_weight.value);
}

void MultiheadAttention::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "in_proj_weight"), in_proj_weight);
  f(join_name(prefix, "in_proj_bias"), in_proj_bias);
  out_proj.for_each_param(join_name(prefix, "out_proj"), f);
  if (score == Score::Additive) f(join_name(prefix, "additive_v"), additive_v);
}

}  // namespace attnlab
