#include "layers/lstm.h"

#include <cmath>

#include "core/cold.h"
#include "core/matmul.h"
#include "layers/activations.h"
#include "layers/cell_grads.h"
#include "layers/linear.h"

namespace attnlab {

Lstm::Lstm(int input, int hidden)
    : input_size(input),
      hidden_size(hidden),
      weight_ih(Param::matrix(4 * hidden, input)),
      weight_hh(Param::matrix(4 * hidden, hidden)),
      bias_ih(Param::vector(4 * hidden)),
      bias_hh(Param::vector(4 * hidden)) {}

ATTNLAB_COLD void Lstm::init(Rng& rng) {
  const double bound = 1.0 / std::sqrt(static_cast<double>(hidden_size));
  for (Param* p : {&weight_ih, &weight_hh, &bias_ih, &bias_hh}) init_uniform(p->value, rng, bound);
}

void Lstm::gates(Eigen::Ref<RowVec> act, const Eigen::Ref<const RowVec>& c_prev, Eigen::Ref<RowVec> c,
                 Eigen::Ref<RowVec> tanh_c, Eigen::Ref<RowVec> h) const {
  const Eigen::Index D = hidden_size;
  sigmoid_inplace(act.data(), 2 * D);      // i, f
  tanh_inplace(act.data() + 2 * D, D);     // g
  sigmoid_inplace(act.data() + 3 * D, D);  // o
  c = act.segment(D, D).array() * c_prev.array() + act.segment(0, D).array() * act.segment(2 * D, D).array();
  tanh_c = c;
  tanh_inplace(tanh_c.data(), D);
  h = act.segment(3 * D, D).array() * tanh_c.array();
}

Lstm::GateView Lstm::view(const Cache& cache, Eigen::Index t) const {
  const Eigen::Index D = hidden_size;
  const auto act = cache.act.row(t);
  return {act.segment(0, D),     act.segment(D, D),   act.segment(2 * D, D),
          act.segment(3 * D, D), cache.c_prev.row(t), cache.tanh_c.row(t)};
}

ATTNLAB_COLD RowVec Lstm::gate_grad(const GateView& s, const RowVec& dh, const RowVec& dc, RowVec& dc_prev) const {
  const int D = hidden_size;
  const auto one = Real(1);
  const RowVec dc_total = dc.array() + dh.array() * s.o.array() * (one - s.tanh_c.array().square());
  RowVec dpre(4 * D);
  dpre.segment(0, D) = dc_total.array() * s.g.array() * s.i.array() * (one - s.i.array());
  dpre.segment(D, D) = dc_total.array() * s.c_prev.array() * s.f.array() * (one - s.f.array());
  dpre.segment(2 * D, D) = dc_total.array() * s.i.array() * (one - s.g.array().square());
  dpre.segment(3 * D, D) = dh.array() * s.tanh_c.array() * s.o.array() * (one - s.o.array());
  dc_prev = dc_total.array() * s.f.array();
  return dpre;
}

RowVec Lstm::step(const RowVec& x, const RowVec& h_prev, const RowVec& c_prev, Step& s, RowVec& c_out) const {
  s.x = x;
  s.h_prev = h_prev;
  RowVec xw, hw;
  matvec_nt(x, weight_ih.value, xw);
  matvec_nt(h_prev, weight_hh.value, hw);
  RowVec pre = xw + hw + bias_ih.value.row(0) + bias_hh.value.row(0);
  const Eigen::Index D = hidden_size;
  s.c_prev = c_prev;
  s.c.resize(D);
  s.tanh_c.resize(D);
  s.h.resize(D);
  gates(pre, c_prev, s.c, s.tanh_c, s.h);
  s.i = pre.segment(0, D);
  s.f = pre.segment(D, D);
  s.g = pre.segment(2 * D, D);
  s.o = pre.segment(3 * D, D);
  c_out = s.c;
  return s.h;
}

ATTNLAB_COLD void Lstm::step_backward(const Step& s, const RowVec& dh, const RowVec& dc, RowVec& dx, RowVec& dh_prev,
                                      RowVec& dc_prev) {
  const RowVec dpre = gate_grad(view(s), dh, dc, dc_prev);
  dx = CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.step(dpre, dpre, s.x, s.h_prev, dh_prev);
}

Mat Lstm::forward(const Mat& x, const RowVec& h0, const RowVec& c0, Cache& cache) const {
  const Eigen::Index T = x.rows(), D = hidden_size;
  Mat xproj;
  matmul_nt(x, weight_ih.value, xproj);
  xproj.rowwise() += bias_ih.value.row(0) + bias_hh.value.row(0);
  Mat H(T, D);
  cache.x = x;
  cache.h_prev.resize(T, D);
  cache.c_prev.resize(T, D);
  cache.act.resize(T, 4 * D);
  cache.c.resize(T, D);
  cache.tanh_c.resize(T, D);
  // Each step written into the cache's rows: no allocation per step. h and c are the previous
  // step's rows, copied (matvec_nt reads a RowVec).
  RowVec h = h0, c = c0, hw;
  for (Eigen::Index t = 0; t < T; ++t) {
    cache.h_prev.row(t) = h;
    cache.c_prev.row(t) = c;
    matvec_nt(h, weight_hh.value, hw);
    cache.act.row(t).noalias() = xproj.row(t) + hw;
    gates(cache.act.row(t), c, cache.c.row(t), cache.tanh_c.row(t), H.row(t));
    h = H.row(t);
    c = cache.c.row(t);
  }
  return H;
}

ATTNLAB_COLD Mat Lstm::backward(const Cache& cache, const Mat& dH, RowVec* dh0, RowVec* dc0) {
  const Eigen::Index T = cache.act.rows();
  Mat dpre_all(T, 4 * hidden_size);
  RowVec dh_next = RowVec::Zero(hidden_size), dc_next = RowVec::Zero(hidden_size);
  for (Eigen::Index t = T - 1; t >= 0; --t) {
    const RowVec dh = dH.row(t) + dh_next;
    RowVec dc_prev;
    const RowVec dpre = gate_grad(view(cache, t), dh, dc_next, dc_prev);
    dpre_all.row(t) = dpre;
    dh_next = matvec_nn(dpre, weight_hh.value);
    dc_next = dc_prev;
  }
  if (dh0) *dh0 = dh_next;
  if (dc0) *dc0 = dc_next;
  return CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.sequence(dpre_all, dpre_all, cache.x, cache.h_prev);
}

void Lstm::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight_ih_l0"), weight_ih);
  f(join_name(prefix, "weight_hh_l0"), weight_hh);
  f(join_name(prefix, "bias_ih_l0"), bias_ih);
  f(join_name(prefix, "bias_hh_l0"), bias_hh);
}

}  // namespace attnlab
