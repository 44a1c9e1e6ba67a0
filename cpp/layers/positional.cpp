#include "layers/positional.h"

#include <vector>

#include "core/pmath.h"

namespace attnlab {

Mat sinusoidal_encoding(int T, int D) {
  // 10000^(-2k/D) as exp(-2k/D ln 10000), with the engine's portable exp and log: one frequency per
  // column, computed once (the same expression as per cell, so the same bits).
  const double log_base = pmath::log(10000.0);
  std::vector<double> freq(static_cast<size_t>(D));
  for (int i = 0; i < D; ++i) freq[static_cast<size_t>(i)] = pmath::exp(-static_cast<double>(i - i % 2) / D * log_base);
  Mat pe(T, D);
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < D; ++i) {
      const double angle = t * freq[static_cast<size_t>(i)];
      pe(t, i) = static_cast<Real>(i % 2 == 0 ? pmath::sin(angle) : pmath::cos(angle));
    }
  return pe;
}

}  // namespace attnlab
