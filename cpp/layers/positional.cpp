#include "layers/positional.h"

#include <cmath>

namespace attnlab {

Mat sinusoidal_encoding(int T, int D) {
  Mat pe(T, D);
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < D; ++i) {
      const double freq = std::pow(10000.0, -static_cast<double>(i - i % 2) / D);
      pe(t, i) = static_cast<Real>(i % 2 == 0 ? std::sin(t * freq) : std::cos(t * freq));
    }
  return pe;
}

}  // namespace attnlab
