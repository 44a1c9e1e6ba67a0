// The constants of core/simd.h's functions, defined here, away from their uses: see Constants there.
#include "core/simd.h"

namespace attnlab::simd {

const Constants kConstants{};

}  // namespace attnlab::simd
