#include "core/utf8.h"

#include <cstdint>
#include <utility>

namespace attnlab {

size_t utf8_sequence_length(const uint8_t* s, size_t size, size_t i) {
  if (i >= size) return 0;
  const uint8_t c = s[i];
  size_t extra = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // the range allowed for the first continuation byte
  if (c < 0x80) {
    return 1;
  } else if (c >= 0xC2 && c <= 0xDF) {
    extra = 1;
  } else if (c >= 0xE0 && c <= 0xEF) {
    extra = 2;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    extra = 3;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;  // a continuation byte, an overlong 2-byte lead (C0, C1), or F5..FF
  }
  if (extra > size - i - 1) return 0;
  for (size_t k = 1; k <= extra; ++k) {
    const uint8_t b = s[i + k];
    if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return 0;
  }
  return extra + 1;
}

namespace {

// The code point of the valid sequence of n bytes at p.
uint32_t decode(const uint8_t* p, size_t n) {
  if (n == 1) return p[0];
  uint32_t c = p[0] & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) c = (c << 6) | (p[k] & 0x3F);
  return c;
}

// Unicode's East Asian Width W and F ranges that the lessons' text can hold (UAX #11), and the
// combining diacritical marks.
int columns_of(uint32_t c) {
  if (c >= 0x0300 && c <= 0x036F) return 0;
  static constexpr uint32_t kWide[][2] = {{0x1100, 0x115F},   {0x2E80, 0x303E},  {0x3041, 0x33FF}, {0x3400, 0x4DBF},
                                          {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},  {0xAC00, 0xD7A3}, {0xF900, 0xFAFF},
                                          {0xFE30, 0xFE4F},   {0xFF00, 0xFF60},  {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F},
                                          {0x1F900, 0x1F9FF}, {0x20000, 0x3FFFD}};
  for (const auto& r : kWide)
    if (c >= r[0] && c <= r[1]) return 2;
  return 1;
}

// The longest start of s within `columns` columns (invalid bytes as U+FFFD), and its columns.
std::pair<std::string, size_t> fit(const std::string& s, size_t columns) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  std::pair<std::string, size_t> out;
  for (size_t i = 0; i < s.size();) {
    const size_t n = utf8_sequence_length(p, s.size(), i);
    const size_t w = n ? static_cast<size_t>(columns_of(decode(p + i, n))) : 1;
    if (out.second + w > columns) break;
    if (n)
      out.first.append(s, i, n);
    else
      out.first += "\xEF\xBF\xBD";
    out.second += w;
    i += n ? n : 1;
  }
  return out;
}

}  // namespace

size_t utf8_columns(const std::string& s) { return fit(s, SIZE_MAX).second; }

std::string utf8_fit_columns(const std::string& s, size_t columns) { return fit(s, columns).first; }

size_t utf8_error_offset(const uint8_t* s, size_t size) {
  size_t i = 0;
  while (i < size) {
    const size_t n = utf8_sequence_length(s, size, i);
    if (n == 0) return i;
    i += n;
  }
  return size;
}

}  // namespace attnlab
