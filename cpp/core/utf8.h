// UTF-8 validation, one definition for the tokenizers and the safetensors reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace attnlab {

// Length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 when the bytes there are not
// valid UTF-8 (a stray continuation byte, a truncated sequence, an overlong form, a surrogate, or a
// code point above U+10FFFF).
size_t utf8_sequence_length(const uint8_t* s, size_t size, size_t i);
inline size_t utf8_sequence_length(const std::string& s, size_t i) {
  return utf8_sequence_length(reinterpret_cast<const uint8_t*>(s.data()), s.size(), i);
}

// Offset of the first byte that does not start a valid sequence, or size when all of it is valid.
size_t utf8_error_offset(const uint8_t* s, size_t size);

// Columns a text takes on a terminal: two for an East Asian wide or full-width character (CJK
// ideographs and punctuation, kana, Hangul, full-width forms, emoji), none for a combining mark,
// one for anything else (an invalid byte too: it is printed as U+FFFD).
size_t utf8_columns(const std::string& s);
// The longest start of s that takes at most `columns` columns, cut between characters, never
// inside one (the CLI's map labels: cut by bytes, 图书馆 came out as invalid UTF-8); invalid bytes
// come out as U+FFFD, so the result is always valid UTF-8.
std::string utf8_fit_columns(const std::string& s, size_t columns);

}  // namespace attnlab
