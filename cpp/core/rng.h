// Seeded, platform-independent random numbers for initialization and data generation.
// std::uniform_real_distribution differs between libstdc++ (native) and libc++ (Emscripten), so
// the engine draws its own numbers from splitmix64: the same seed gives the same weights natively
// and in WebAssembly.
#pragma once

#include <cmath>

#include <cstdint>
#include "core/pmath.h"

namespace attnlab {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next_u64() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Uniform integer in [0, n).
  uint64_t below(uint64_t n) { return next_u64() % n; }
  // Standard normal by Box-Muller.
  double normal() {
    double u1 = uniform();
    double u2 = uniform();
    if (u1 < 1e-300) u1 = 1e-300;
    return std::sqrt(-2.0 * pmath::log(u1)) * pmath::cos(6.283185307179586 * u2);
  }

 private:
  uint64_t state_;
};

}  // namespace attnlab
