// The one product every forward pass leans on: y = x W^T (+ b), with W stored as PyTorch stores a
// Linear weight, (out, in). Each output is a dot product of two contiguous rows, which is the
// layout that vectorizes well both with SSE and with WebAssembly SIMD (see docs/performance.md).
#pragma once

#include "core/types.h"

namespace attnlab {

// x (N, I), w (O, I) -> y (N, O) = x w^T
void matmul_nt(const Mat& x, const Mat& w, Mat& y);
// y (N, O) = x w^T + bias, bias (1, O)
void matmul_nt_bias(const Mat& x, const Mat& w, const Mat& bias, Mat& y);

}  // namespace attnlab
