#include "layers/positional.h"

#include "core/pmath.h"

namespace attnlab {

Mat sinusoidal_encoding(int T, int D) {
  Mat pe(T, D);
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < D; ++i) {
      // 10000^(-2k/D) as exp(-2k/D ln 10000), with the engine's portable exp and log
      const double freq = pmath::exp(-static_cast<double>(i - i % 2) / D * pmath::log(10000.0));
      pe(t, i) = static_cast<Real>(i % 2 == 0 ? pmath::sin(t * freq) : pmath::cos(t * freq));
    }
  return pe;
}

}  // namespace attnlab
