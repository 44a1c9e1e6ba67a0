// Row-wise normalizations of attention scores: softmax (weights sum to 1 over each row) and the
// element-wise sigmoid the course notes mention as an alternative (weights in (0, 1) that need not
// sum to 1). Masked entries (mask false) get weight exactly 0; a row with nothing allowed is all 0.
#pragma once

#include <string>

#include "core/types.h"

namespace attnlab {

enum class Normalization { Softmax, Sigmoid };
const char* to_string(Normalization n);

// Numerically stable: subtracts each row's maximum over the allowed entries before exp. Weights
// below 1e-30 are 0 (never subnormal), as are such entries of the backward's dx.
Mat softmax_rows(const Mat& x, const Mask* mask = nullptr);
// forward was: y = softmax(x)  =>  dx = y * (dy - sum_j dy_j y_j)
Mat softmax_rows_backward(const Mat& y, const Mat& dy);

Mat sigmoid_masked(const Mat& x, const Mask* mask = nullptr);
// forward was: y = sigmoid(x) (0 where masked)  =>  dx = dy y (1 - y)
Mat sigmoid_masked_backward(const Mat& y, const Mat& dy);

Mat normalize_rows(Normalization kind, const Mat& x, const Mask* mask = nullptr);
Mat normalize_rows_backward(Normalization kind, const Mat& y, const Mat& dy);

// Lower-triangular mask (T, T): row i may attend to columns j <= i.
Mask causal_mask(int T);

}  // namespace attnlab
