#include "core/utf8.h"

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
