// nn.GRU (one layer), gates in PyTorch's order r, z, n:
//   r = sigmoid(W_ir x + b_ir + W_hr h + b_hr)      z = sigmoid(W_iz x + b_iz + W_hz h + b_hz)
//   n = tanh(W_in x + b_in + r * (W_hn h + b_hn))   h' = (1 - z) * n + z * h
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"

namespace attnlab {

struct Gru {
  int input_size = 0, hidden_size = 0;
  Param weight_ih;  // (3D, E)  gru.weight_ih_l0, gates r,z,n
  Param weight_hh;  // (3D, D)  gru.weight_hh_l0
  Param bias_ih;    // (3D)     gru.bias_ih_l0
  Param bias_hh;    // (3D)     gru.bias_hh_l0

  struct Step {
    RowVec x, h_prev;  // (E), (D)
    RowVec r, z, n;    // (D) gate values
    RowVec hh_n;       // (D) W_hn h_prev + b_hn, which r multiplies
    RowVec h;          // (D)
  };
  struct Cache {
    std::vector<Step> steps;
  };

  Gru() = default;
  Gru(int input, int hidden);
  void init(Rng& rng);  // U(-1/sqrt(D), 1/sqrt(D)), as PyTorch

  RowVec step(const RowVec& x, const RowVec& h_prev, Step& s) const;
  // forward was: h = (1 - z) n + z h_prev
  //   => dn = dh (1 - z); dz = dh (h_prev - n); dh_prev = dh z;
  //      dn_pre = dn (1 - n^2): into gi_n directly and into gh_n through r (dgh_n = dn_pre r);
  //      dr = dn_pre hh_n; dr_pre = dr r (1 - r); dz_pre = dz z (1 - z).
  void step_backward(const Step& s, const RowVec& dh, RowVec& dx, RowVec& dh_prev);

  Mat forward(const Mat& x, const RowVec& h0, Cache& cache) const;
  Mat backward(const Cache& cache, const Mat& dH, RowVec* dh0);

  void for_each_param(const std::string& prefix, const ParamVisitor& f);

 private:
  void apply_gates(const RowVec& gi, const RowVec& gh, Step& s) const;
  // Gradients of the input-side (gi) and hidden-side (gh) pre-activations; dh_direct = dh z.
  void gate_grad(const Step& s, const RowVec& dh, RowVec& dgi, RowVec& dgh, RowVec& dh_direct) const;
};

}  // namespace attnlab
