#include "layers/simple_rnn.h"

#include <cmath>
#include <stdexcept>

#include "core/cold.h"
#include "core/fused.h"
#include "core/matmul.h"
#include "layers/cell_grads.h"
#include "layers/linear.h"

namespace attnlab {

namespace {

// h = f(pre) in place: tanh or max(0, pre).
void activate(bool relu, RowVec& h) {
  if (relu)
    h = h.cwiseMax(Real(0));
  else
    tanh_inplace(h.data(), h.size());
}

// dpre = dh f'(pre), written from the output h: tanh' = 1 - h^2, relu' = [h > 0].
ATTNLAB_COLD RowVec activation_backward(bool relu, const RowVec& h, const RowVec& dh) {
  if (relu) return (h.array() > Real(0)).select(dh.array(), Real(0)).matrix();
  return dh.array() * (Real(1) - h.array().square());
}

}  // namespace

SimpleRnn::SimpleRnn(int input, int hidden, bool use_relu)
    : input_size(input),
      hidden_size(hidden),
      relu(use_relu),
      weight_ih(Param::matrix(hidden, input)),
      weight_hh(Param::matrix(hidden, hidden)),
      bias_ih(Param::vector(hidden)),
      bias_hh(Param::vector(hidden)) {}

ATTNLAB_COLD void SimpleRnn::init(Rng& rng) {
  const double bound = 1.0 / std::sqrt(static_cast<double>(hidden_size));
  for (Param* p : {&weight_ih, &weight_hh, &bias_ih, &bias_hh}) init_uniform(p->value, rng, bound);
}

const RowVec& SimpleRnn::step(const RowVec& x, const RowVec& h_prev, Step& s) const {
  s.x = x;
  s.h_prev = h_prev;
  RowVec hw;
  matvec_nt(x, weight_ih.value, s.h);
  matvec_nt(h_prev, weight_hh.value, hw);
  s.h += hw;  // ((W_ih x + W_hh h_prev) + b_ih) + b_hh, in that order
  s.h += bias_ih.value.row(0);
  s.h += bias_hh.value.row(0);
  activate(relu, s.h);
  return s.h;
}

ATTNLAB_COLD void SimpleRnn::step_backward(const Step& s, const RowVec& dh, RowVec& dx, RowVec& dh_prev) {
  const RowVec dpre = activation_backward(relu, s.h, dh);
  dx = CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.step(dpre, dpre, s.x, s.h_prev, dh_prev);
}

ATTNLAB_COLD void SimpleRnn::step_backward_inputs(const Step& s, const RowVec& dh, RowVec& dpre, RowVec& dx,
                                                  RowVec& dh_prev) const {
  if (dh.size() != hidden_size || s.h.size() != hidden_size)
    throw std::logic_error("simple_rnn: dh of the wrong width");
  dpre.resize(hidden_size);
  if (relu)
    dpre = activation_backward(true, s.h, dh);
  else
    tanh_backward_kernel(s.h.data(), dh.data(), hidden_size, dpre.data());  // dpre = dh (1 - h^2)
  dx = matvec_nn(dpre, weight_ih.value);
  dh_prev = matvec_nn(dpre, weight_hh.value);
}

ATTNLAB_COLD void SimpleRnn::backward_weights(const Mat& dpre, const Mat& x, const Mat& h_prev) {
  CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.weights(dpre, dpre, x, h_prev);
}

Mat SimpleRnn::forward(const Mat& x, const RowVec& h0, Cache& cache) const {
  const Eigen::Index T = x.rows();
  // The input half of A [x_t; h_{t-1}] for all t at once: one matrix product instead of T.
  Mat xproj;
  matmul_nt(x, weight_ih.value, xproj);
  xproj.rowwise() += bias_ih.value.row(0) + bias_hh.value.row(0);
  Mat H(T, hidden_size);
  cache.steps.resize(T);
  RowVec h = h0, hw;
  for (Eigen::Index t = 0; t < T; ++t) {
    Step& s = cache.steps[t];
    s.x = x.row(t);
    s.h_prev = h;
    matvec_nt(h, weight_hh.value, hw);
    h = xproj.row(t) + hw;
    activate(relu, h);
    s.h = h;
    H.row(t) = h;
  }
  return H;
}

ATTNLAB_COLD Mat SimpleRnn::backward(const Cache& cache, const Mat& dH, RowVec* dh0) {
  const Eigen::Index T = static_cast<Eigen::Index>(cache.steps.size());
  Mat dpre_all(T, hidden_size), x_all(T, input_size), hprev_all(T, hidden_size);
  RowVec dh_next = RowVec::Zero(hidden_size);
  for (Eigen::Index t = T - 1; t >= 0; --t) {
    const Step& s = cache.steps[t];
    const RowVec dh = dH.row(t) + dh_next;
    const RowVec dpre = activation_backward(relu, s.h, dh);
    dpre_all.row(t) = dpre;
    x_all.row(t) = s.x;
    hprev_all.row(t) = s.h_prev;
    dh_next = matvec_nn(dpre, weight_hh.value);
  }
  // The per-step outer products summed in one product each.
  if (dh0) *dh0 = dh_next;
  return CellParams{weight_ih, weight_hh, bias_ih, bias_hh}.sequence(dpre_all, dpre_all, x_all, hprev_all);
}

void SimpleRnn::for_each_param(const std::string& prefix, const ParamVisitor& f) {
  f(join_name(prefix, "weight_ih_l0"), weight_ih);
  f(join_name(prefix, "weight_hh_l0"), weight_hh);
  f(join_name(prefix, "bias_ih_l0"), bias_ih);
  f(join_name(prefix, "bias_hh_l0"), bias_hh);
}

}  // namespace attnlab
