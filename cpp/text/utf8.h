// UTF-8 validation shared by the tokenizers.
#pragma once

#include <cstddef>
#include <string>

namespace attnlab {

// Length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 when the bytes there are not
// valid UTF-8 (a stray continuation byte, a truncated sequence, an overlong form, a surrogate, or a
// code point above U+10FFFF).
size_t utf8_sequence_length(const std::string& s, size_t i);

}  // namespace attnlab
