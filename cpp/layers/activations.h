// Element-wise activations. Each backward takes what its derivative is cheapest from: tanh and
// sigmoid their output y, ReLU and GELU their input x.
#pragma once

#include "core/pmath.h"
#include "core/types.h"

namespace attnlab {

Mat tanh_forward(const Mat& x);
Mat tanh_backward(const Mat& y, const Mat& dy);  // dx = dy (1 - y^2)
Mat sigmoid_forward(const Mat& x);
Mat sigmoid_backward(const Mat& y, const Mat& dy);  // dx = dy y (1 - y)
Mat relu_forward(const Mat& x);
Mat relu_backward(const Mat& x, const Mat& dy);  // dx = dy [x > 0]
// Exact GELU as nn.GELU(): x Phi(x) = x/2 (1 + erf(x / sqrt 2)).
Mat gelu_forward(const Mat& x);
Mat gelu_backward(const Mat& x, const Mat& dy);  // dx = dy (Phi(x) + x phi(x))

// Scalar sigmoid that does not overflow for large |x|.
inline Real sigmoid(Real x) { return pmath::sigmoid(x); }

}  // namespace attnlab
