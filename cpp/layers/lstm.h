// nn.LSTM (one layer), gates in PyTorch's order i, f, g, o:
//   [i f g o] = W_ih x + b_ih + W_hh h_prev + b_hh,  i f o through sigmoid, g through tanh
//   c = f * c_prev + i * g,   h = o * tanh(c)
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"

namespace attnlab {

struct Lstm {
  int input_size = 0, hidden_size = 0;
  Param weight_ih;  // (4D, E)  lstm.weight_ih_l0, gates i,f,g,o
  Param weight_hh;  // (4D, D)  lstm.weight_hh_l0
  Param bias_ih;    // (4D)     lstm.bias_ih_l0
  Param bias_hh;    // (4D)     lstm.bias_hh_l0

  struct Step {
    RowVec x, h_prev, c_prev;  // (E), (D), (D)
    RowVec i, f, g, o;         // (D) each, after their nonlinearity
    RowVec c, tanh_c, h;       // (D)
  };
  // A whole sequence's forward, as what backward reads: one matrix per quantity, a row per step
  // (one allocation each, where a Step per time step allocated ten vectors).
  struct Cache {
    Mat x;               // (T, E)
    Mat h_prev, c_prev;  // (T, D) each: the states each step started from
    Mat act;             // (T, 4D): i, f, g, o after their nonlinearities
    Mat c, tanh_c;       // (T, D) each
  };
  // The gate values one step's backward reads, from a Step or from a row of a Cache.
  struct GateView {
    Eigen::Ref<const RowVec> i, f, g, o, c_prev, tanh_c;
  };

  Lstm() = default;
  Lstm(int input, int hidden);
  void init(Rng& rng);  // U(-1/sqrt(D), 1/sqrt(D)), as PyTorch

  // One step from (h_prev, c_prev); writes the new cell state to c_out and returns h.
  RowVec step(const RowVec& x, const RowVec& h_prev, const RowVec& c_prev, Step& s, RowVec& c_out) const;
  // forward was: c = f c_prev + i g; h = o tanh(c)
  //   => do = dh tanh(c); dc_total = dc + dh o (1 - tanh^2 c);
  //      di = dc_total g; df = dc_total c_prev; dg = dc_total i; dc_prev = dc_total f;
  //      dpre = [di i(1-i), df f(1-f), dg (1-g^2), do o(1-o)], then as a Linear on x and h_prev.
  void step_backward(const Step& s, const RowVec& dh, const RowVec& dc, RowVec& dx, RowVec& dh_prev, RowVec& dc_prev);

  // x (T, E) from (h0, c0) -> every hidden state (T, D)
  Mat forward(const Mat& x, const RowVec& h0, const RowVec& c0, Cache& cache) const;
  // dH (T, D) reaching each h_t from outside. Returns dx (T, E); writes dh0/dc0 if asked.
  Mat backward(const Cache& cache, const Mat& dH, RowVec* dh0, RowVec* dc0);

  void for_each_param(const std::string& prefix, const ParamVisitor& f);

 private:
  // Gate nonlinearities and state update from the summed pre-activations, for step() and forward():
  // `act` (4D) holds the four gates' pre-activations and is overwritten with their activations;
  // c = f c_prev + i g, tanh_c = tanh(c), h = o tanh_c.
  void gates(Eigen::Ref<RowVec> act, const Eigen::Ref<const RowVec>& c_prev, Eigen::Ref<RowVec> c,
             Eigen::Ref<RowVec> tanh_c, Eigen::Ref<RowVec> h) const;
  RowVec gate_grad(const GateView& s, const RowVec& dh, const RowVec& dc, RowVec& dc_prev) const;
  static GateView view(const Step& s) { return {s.i, s.f, s.g, s.o, s.c_prev, s.tanh_c}; }
  GateView view(const Cache& cache, Eigen::Index t) const;
};

}  // namespace attnlab
