// SimpleRNN as on the course slides: h_t = tanh(A [x_t; h_{t-1}] + b).
// It is nn.RNN(nonlinearity="tanh") with A = [W_ih | W_hh] and b = b_ih + b_hh, stored the way
// PyTorch stores it so a state_dict loads as is. With `relu` it is nn.RNN(nonlinearity="relu"):
// h_t = max(0, A [x_t; h_{t-1}] + b).
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"

namespace attnlab {

struct SimpleRnn {
  int input_size = 0, hidden_size = 0;
  bool relu = false;  // nonlinearity: false = tanh (the slides, PyTorch's default), true = relu
  Param weight_ih;    // (D, E)  rnn.weight_ih_l0
  Param weight_hh;    // (D, D)  rnn.weight_hh_l0
  Param bias_ih;      // (D)     rnn.bias_ih_l0
  Param bias_hh;      // (D)     rnn.bias_hh_l0

  struct Step {
    RowVec x;       // (E) input at this step
    RowVec h_prev;  // (D)
    RowVec h;       // (D) output
  };
  struct Cache {
    std::vector<Step> steps;  // one per time step
  };

  SimpleRnn() = default;
  SimpleRnn(int input, int hidden, bool use_relu = false);
  // PyTorch's default: U(-1/sqrt(D), 1/sqrt(D)) for every tensor.
  void init(Rng& rng);

  // One step, for decoders whose next input depends on this step's output. Returns s.h.
  const RowVec& step(const RowVec& x, const RowVec& h_prev, Step& s) const;
  // forward was: h = tanh(W_ih x + b_ih + W_hh h_prev + b_hh)   (relu: max(0, ...))
  //   => dpre = dh (1 - h^2) (relu: dh [h > 0]); dW_ih += dpre^T x; dW_hh += dpre^T h_prev; db_* += dpre;
  //      dx = dpre W_ih; dh_prev = dpre W_hh   (dx and dh_prev are assigned, not accumulated)
  void step_backward(const Step& s, const RowVec& dh, RowVec& dx, RowVec& dh_prev);
  // The same for a decoder's steps, whose backward runs one step at a time: writes dpre (D) and
  // leaves the weights' gradients, one outer product per step, to backward_weights.
  void step_backward_inputs(const Step& s, const RowVec& dh, RowVec& dpre, RowVec& dx, RowVec& dh_prev) const;
  // dpre (T, D), x (T, E), h_prev (T, D): the steps' rows stacked, summed in one product per weight.
  void backward_weights(const Mat& dpre, const Mat& x, const Mat& h_prev);

  // A whole sequence x (T, E) from h0 (D) -> every hidden state (T, D).
  Mat forward(const Mat& x, const RowVec& h0, Cache& cache) const;
  // dH (T, D): gradient reaching each h_t from outside. Returns dx (T, E); writes dh0 if asked.
  Mat backward(const Cache& cache, const Mat& dH, RowVec* dh0);

  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
