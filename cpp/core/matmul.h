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

// The backward products, on the same vectors. Each output element sums its terms in an order fixed
// by the source (and the shapes), so the result is the same in every build (SSE, WASM SIMD128, scalar).
// x (N, O) w (O, I) -> (N, I): the gradient of y = x w^T with respect to x.
Mat matmul_nn(const Mat& x, const Mat& w);
RowVec matvec_nn(const RowVec& x, const Mat& w);
// c (O, I) += a^T b for a (N, O), b (N, I): the gradient of y = x w^T with respect to w.
void matmul_tn_acc(const Mat& a, const Mat& b, Mat& c);
// c (O, I) += a^T b for one row each: a (1, O), b (1, I).
void outer_acc(const RowVec& a, const RowVec& b, Mat& c);
// b (1, C) += the sum of d's rows, d (N, C): a bias's gradient. Each column adds its rows in order,
// as Eigen's colwise().sum() does (the first row, then the second added, ...).
void add_column_sums(const Mat& d, Mat& b);

// Element-wise, in place, over n contiguous values. They cannot throw (see core/fused.h on noexcept).
void exp_inplace(Real* p, Eigen::Index n) noexcept;
void sigmoid_inplace(Real* p, Eigen::Index n) noexcept;
void tanh_inplace(Real* p, Eigen::Index n) noexcept;
// GELU as nn.GELU(): x Phi(x) = x/2 (1 + erf(x / sqrt 2)), and its derivative Phi(x) + x phi(x).
void gelu_inplace(Real* p, Eigen::Index n) noexcept;
void gelu_grad_inplace(Real* p, Eigen::Index n) noexcept;

}  // namespace attnlab
