// Whether this test binary runs under AddressSanitizer (the sanitize preset, scripts/test's second
// suite). There the re-evaluations of shipped models (minutes of the same arithmetic the native
// suite checks in full) cover one model or one seed each, or a part of the text, or a tenth of the
// training steps: what the sanitizer looks for, a bad read or an undefined operation, is in the
// code paths, which one model walks as well as six and a part of the text as well as all of it.
// The native suite still checks every card's numbers in full on every run (docs/testing.md).
#pragma once

#include <cstddef>
#include <cstdint>

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

// How many of the test head's n tokens a shipped language model's re-evaluation reads in this
// build, where its models differ in architecture (so each is still read): all natively, where the
// card's figure is checked; under the sanitizers the first eighth, which walks the same code paths,
// with its figure checked to be finite only.
inline constexpr std::int64_t shipped_tokens(std::int64_t n) { return kSanitized ? n / 8 : n; }

// Steps of a re-training in this build: all natively, where the result is checked against the
// stored one bit for bit; a tenth under the sanitizers (the same code on every step).
inline constexpr int shipped_steps(int n) { return kSanitized ? n / 10 : n; }

}  // namespace attnlab_test
