// Whether this test binary runs under AddressSanitizer (the sanitize preset, scripts/test's second
// suite). There the re-evaluations of shipped models (minutes of the same arithmetic the native
// suite checks in full) cover one model or one seed each: what the sanitizer looks for, a bad
// read or an undefined operation, is in the code paths, which one model walks as well as six.
// The native suite still checks every card's numbers in full on every run (docs/testing.md).
#pragma once

#include <cstddef>

namespace attnlab_test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// How many of n models (or seeds) a shipped-model re-evaluation covers in this build.
inline constexpr std::size_t shipped_subset(std::size_t n) { return kSanitized && n > 0 ? 1 : n; }

}  // namespace attnlab_test
