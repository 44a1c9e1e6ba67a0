// The backward tail the three recurrent cells (nn.RNN, nn.LSTM, nn.GRU) share. With the gradients
// of a step's pre-activations known (of W_ih x + b_ih and of W_hh h_prev + b_hh; the same row
// except in the GRU), the four PyTorch tensors' gradients follow the same way in every cell.
#pragma once

#include "core/matmul.h"
#include "core/param.h"

namespace attnlab {

struct CellParams {
  Param &weight_ih, &weight_hh, &bias_ih, &bias_hh;

  // One step: accumulates the gradients and returns the input's, dx = d_ih W_ih; dh_prev gets the
  // part that flows through W_hh, d_hh W_hh.
  RowVec step(const RowVec& d_ih, const RowVec& d_hh, const RowVec& x, const RowVec& h_prev, RowVec& dh_prev) {
    outer_acc(d_ih, x, weight_ih.grad);
    outer_acc(d_hh, h_prev, weight_hh.grad);
    bias_ih.grad += d_ih;
    bias_hh.grad += d_hh;
    dh_prev = matvec_nn(d_hh, weight_hh.value);
    return matvec_nn(d_ih, weight_ih.value);
  }

  // A whole sequence, the steps' rows stacked (T, G): the per-step outer products summed in one
  // product each. Returns the inputs' gradients (T, E).
  Mat sequence(const Mat& d_ih, const Mat& d_hh, const Mat& x_all, const Mat& hprev_all) {
    weights(d_ih, d_hh, x_all, hprev_all);
    return matmul_nn(d_ih, weight_ih.value);
  }

  // The parameters' part of sequence alone, for steps whose input gradients were needed one at a
  // time (a decoder's): dW_ih += d_ih^T x_all, dW_hh += d_hh^T hprev_all, db_* += column sums.
  void weights(const Mat& d_ih, const Mat& d_hh, const Mat& x_all, const Mat& hprev_all) {
    matmul_tn_acc(d_ih, x_all, weight_ih.grad);
    matmul_tn_acc(d_hh, hprev_all, weight_hh.grad);
    add_column_sums(d_ih, bias_ih.grad);
    add_column_sums(d_hh, bias_hh.grad);
  }
};

}  // namespace attnlab
