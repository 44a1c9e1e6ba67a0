// Fused kernels of the recurrent and attention layers: each makes one pass over its rows where the
// Eigen expressions it replaces made several (and allocated a temporary for each). Eigen has no
// WebAssembly SIMD path and runs scalar in every build (CMakeLists.txt), so what the Seq2Seq
// training step did in Eigen ran several times slower in the page than natively; these run on the
// four-lane vectors of core/simd.h in float and as plain loops in the double gradient-check build.
//
// The kernels take raw pointers (callers check shapes) and cannot throw: declared noexcept, a call to
// one from a function that owns Eigen temporaries needs no exception landing pad, which under
// Emscripten's JavaScript exception handling costs a round trip through JavaScript per call.
//
// As in core/matmul.h, every output adds its terms in an order fixed by the source (a sum over rows
// in order of the row, lane by lane), there is no FMA, and a tail shorter than four lanes gets the
// same operations as a full vector: the same bits in the SSE, WASM SIMD128 and scalar builds.
#pragma once

#include "core/types.h"

namespace attnlab {

// Additive attention of one query against S keys, all projected to width A (layers/additive_score.h):
//   P_j = tanh(k_j + q),  e_j = v . P_j
// keys and hidden are (S, A), rows contiguous; query and v (A); scores (S).
void additive_scores_kernel(const Real* keys, const Real* query, const Real* v, int S, int A, Real* hidden,
                            Real* scores) noexcept;

// Its backward for de (S), the gradient of the scores:
//   dpre_j = de_j v (1 - P_j^2);  dkeys_j += dpre_j;
//   dquery = sum_j dpre_j;  dv = sum_j de_j P_j  (both assigned, summed in order of j).
void additive_scores_backward_kernel(const Real* de, const Real* hidden, const Real* v, int S, int A, Real* dkeys,
                                     Real* dquery, Real* dv) noexcept;

// forward was: y = tanh(x)  =>  dx = dy (1 - y^2), over n contiguous values.
void tanh_backward_kernel(const Real* y, const Real* dy, int n, Real* dx) noexcept;

}  // namespace attnlab
