// The product every forward pass leans on, y = x W^T (core/matmul.h): each output sums its terms in
// one fixed order (four lanes over the row's whole vectors, the lanes added as (0 + 1) + (2 + 3),
// then the leftover terms one by one), whichever block of rows the kernel computes it in: six, four
// or one row of W, two rows of x or one. A block that summed in another order would give other bits
// for the same output depending on the matrix's shape, and the shipped models' committed numbers
// would move.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/matmul.h"

using namespace attnlab;

namespace {

// The fixed order, written out one scalar at a time.
float reference_dot(const float* x, const float* w, int n) {
  float lane[4] = {0, 0, 0, 0};
  const int n4 = n & ~3;
  for (int i = 0; i < n4; i += 4)
    for (int j = 0; j < 4; ++j) lane[j] += x[i + j] * w[i + j];
  float s = (lane[0] + lane[1]) + (lane[2] + lane[3]);
  for (int i = n4; i < n; ++i) s += x[i] * w[i];
  return s;
}

// Values of mixed signs and magnitudes (2^-8 to 2^8), so that another order rounds differently.
void fill(Mat& m, uint32_t seed) {
  for (Eigen::Index k = 0; k < m.size(); ++k) {
    seed = seed * 1664525u + 1013904223u;
    const float mantissa = 1.f + static_cast<float>((seed >> 9) & 0xffff) / 65536.f;
    const int exponent = static_cast<int>((seed >> 25) % 17) - 8;
    m.data()[k] = std::ldexp((seed & 1) ? -mantissa : mantissa, exponent);
  }
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("matmul_nt: every output in the same order, whatever block of rows computes it") {
  int checked = 0, differing = 0;
  for (int n : {1, 2, 3, 5})
    for (int in : {1, 3, 4, 7, 8, 13, 64, 130})
      for (int out = 1; out <= 27; ++out) {
        Mat x(n, in), w(out, in), y;
        fill(x, static_cast<uint32_t>(n * 1000 + in));
        fill(w, static_cast<uint32_t>(out * 7919 + in));
        matmul_nt(x, w, y);
        REQUIRE(y.rows() == n);
        REQUIRE(y.cols() == out);
        for (int r = 0; r < n; ++r)
          for (int o = 0; o < out; ++o) {
            ++checked;
            if (!same_bits(y(r, o), reference_dot(x.row(r).data(), w.row(o).data(), in))) ++differing;
          }
        // The one-row entry point (every recurrent step) gives the same bits as row 0 of the product.
        RowVec x0 = x.row(0), y0;
        matvec_nt(x0, w, y0);
        for (int o = 0; o < out; ++o) {
          ++checked;
          if (!same_bits(y0[o], y(0, o))) ++differing;
        }
      }
  INFO(differing << " of " << checked << " outputs differ from the fixed order");
  CHECK(differing == 0);
}
