// The kernels the forward passes lean on. In float they run on four-lane vectors (core/simd.h);
// in double (the gradient-check build) they are plain Eigen.
//
// The central product is y = x W^T with W stored as PyTorch stores a Linear weight, (O, I): every
// output is a dot product of two contiguous rows, the layout that vectorizes well with both SSE
// and WebAssembly SIMD.
#pragma once

#include "core/types.h"

namespace attnlab {

// x (N, I), w (O, I) -> y (N, O) = x w^T
void matmul_nt(const Mat& x, const Mat& w, Mat& y);
// y (N, O) = x w^T + bias, bias (1, O)
void matmul_nt_bias(const Mat& x, const Mat& w, const Mat& bias, Mat& y);
// The same for one row vector: y (1, O) = x (1, I) w^T (+ bias)
void matvec_nt(const RowVec& x, const Mat& w, RowVec& y);

// Element-wise, in place, over n contiguous values.
void exp_inplace(Real* p, Eigen::Index n);
void sigmoid_inplace(Real* p, Eigen::Index n);
void tanh_inplace(Real* p, Eigen::Index n);

}  // namespace attnlab
