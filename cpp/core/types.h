// Numeric types and the shape glossary used in every comment of the engine.
//
// Shape glossary:
//   T  time steps (tokens of the sequence being read)     S  source length (encoder steps)
//   E  input / embedding width                             D  hidden or model width
//   H  attention heads                                     K  width of one head (D / H)
//   A  width of an additive-attention layer                V  vocabulary size
//   N  rows of a batch of queries or inputs
//
// Matrices are row-major so that data() lines up with a JavaScript Float32Array: row t of a
// (T, D) matrix is the vector of token t.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace attnlab {

// The engine is written once over Real. The library is built with float; the gradient-check tests
// build the very same sources with ATTNLAB_REAL_DOUBLE so finite differences are meaningful.
#ifdef ATTNLAB_REAL_DOUBLE
using Real = double;
#else
using Real = float;
#endif

using Mat = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVec = Eigen::Matrix<Real, 1, Eigen::Dynamic, Eigen::RowMajor>;
using Mask = Eigen::Array<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;  // true = may attend

using Shape = std::vector<int64_t>;

}  // namespace attnlab
