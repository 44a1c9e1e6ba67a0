#include "layers/gru.h"

#include <cmath>

#include "core/cold.h"
#include "core/matmul.h"
#include "layers/activations.h"
#include "layers/cell_grads.h"
#include "layers/linear.h"

namespace attnlab {

Gru::Gru(int input, int hidden)
    : input_size(input),
      hidden_size(hidden),
      weight_ih(Param::matrix(3 * hidden, input)),
      weight_hh(Param::matrix(3 * hidden, hidden)),
      bias_ih(Param::vector(3 * hidden)),
      bias_hh(Param::vector(3 * hidden)) {}

ATTNLAB_COLD void Gru::init(Rng& rng) {
  const double bound = 1.0 / std::sqrt(static_cast<double>(hidden_size));
  for (Param* p : {&weight_ih, &weight_hh, &bias_ih, &bias_hh}) init_uniform(p->value, rng, bound);
}

void Gru::apply_gates(const RowVec& gi, const RowVec& gh, Step& s) const {
  const int D = hidden_size;
  RowVec rz = gi.segment(0, 2 * D) + gh.segment(0, 2 * D);
  sigmoid_inplace(rz.data(), 2 * D);
  s.r = rz.segment(0, D);
  s.z = rz.segment(D, D);
  s.hh_n = gh.segment(2 * D, D);
  s.n = gi.segment(2 * D, D).array() + s.r.array() * s.hh_n.array();
  tanh_inplace(s.n.data(), D);
  s.h = (Real(1) - s.z.array()) * s.n.array() + s.z.array() * s.h_prev.array();
}

ATTNLAB_COLD void Gru::gate_grad(const Step& s, const RowVec& dh, RowVec& dgi, RowVec& dgh, RowVec& dh_direct) const {
  const int D = hidden_size;
  const auto one = Real(1);
  const RowVec dn_pre = dh.array() * (one - s.z.array()) * (one - s.n.array().square());
  const RowVec dz_pre = dh.array() * (s.h_prev.array() - s.n.array()) * s.z.array() * (one - s.z.array());
  const RowVec dr_pre = dn_pre.array() * s.hh_n.array() * s.r.array() * (one - s.r.array());
  dgi.resize(3 * D);
  dgh.resize(3 * D);
  dgi << dr_pre, dz_pre, dn_pre;
  dgh << dr_pre, dz_pre, (dn_pre.array() * s.r.array()).matrix();
  dh_direct = dh.array() * s.z.array();
}

RowVec Gru::step(const RowVec& x, const RowVec& h_prev, Step& s) const {
  s.x = x;
  s.h_prev = h_prev;
  RowVec gi, gh;
  matvec_nt(x, weight_ih.value, gi);
  matvec_nt(h_prev, weight_hh.value, gh);
  gi += bias_ih.value.row(0);
  gh += bias_hh.value.row(0);
  apply_gates(gi, gh, s);
  return s.h;
}

ATTNLAB_COLD void Gru::step_backward(const Step& s, const RowVec& dh, RowVec& dx, RowVec& dh_prev) {
  RowVec dgi, dgh, dh_direct;
  gate_grad(s, dh, dgi, dgh, dh_direct);
  RowVec dh_hh;
  dx = CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.step(dgi, dgh, s.x, s.h_prev, dh_hh);
  dh_prev = dh_direct + dh_hh;
}

Mat Gru::forward(const Mat& x, const RowVec& h0, Cache& cache) const {
  const Eigen::Index T = x.rows();
  Mat xproj;
  matmul_nt(x, weight_ih.value, xproj);
  xproj.rowwise() += bias_ih.value.row(0);
  Mat H(T, hidden_size);
  cache.steps.resize(T);
  RowVec h = h0, gh;
  for (Eigen::Index t = 0; t < T; ++t) {
    Step& s = cache.steps[t];
    s.x = x.row(t);
    s.h_prev = h;
    matvec_nt(h, weight_hh.value, gh);
    gh += bias_hh.value.row(0);
    apply_gates(xproj.row(t), gh, s);
    h = s.h;
    H.row(t) = h;
  }
  return H;
}

ATTNLAB_COLD Mat Gru::backward(const Cache& cache, const Mat& dH, RowVec* dh0) {
  const Eigen::Index T = static_cast<Eigen::Index>(cache.steps.size());
  Mat dgi_all(T, 3 * hidden_size), dgh_all(T, 3 * hidden_size), x_all(T, input_size), hprev_all(T, hidden_size);
  RowVec dh_next = RowVec::Zero(hidden_size);
  for (Eigen::Index t = T - 1; t >= 0; --t) {
    const Step& s = cache.steps[t];
    const RowVec dh = dH.row(t) + dh_next;
    RowVec dgi, dgh, dh_direct;
    gate_grad(s, dh, dgi, dgh, dh_direct);
    dgi_all.row(t) = dgi;
    dgh_all.row(t) = dgh;
    x_all.row(t) = s.x;
    hprev_all.row(t) = s.h_prev;
    dh_next = dh_direct + matvec_nn(dgh, weight_hh.value);
  }
  if (dh0) *dh0 = dh_next;
  return CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.sequence(dgi_all, dgh_all, x_all, hprev_all);
}

void Gru::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight_ih_l0"), weight_ih);
  f(join_name(prefix, "weight_hh_l0"), weight_hh);
  f(join_name(prefix, "bias_ih_l0"), bias_ih);
  f(join_name(prefix, "bias_hh_l0"), bias_hh);
}

}  // namespace attnlab
