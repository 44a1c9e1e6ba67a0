// Element types of safetensors files (docs/weights-format.md): their names and byte sizes, the
// IEEE binary16 and bfloat16 conversions, rounding a float to a dtype, and the per-row 8-bit
// quantization of I8 weights. Declared in safetensors.h; the reader is safetensors.cpp.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string>

#include "io/safetensors.h"
#include "io/safetensors_text.h"

namespace attnlab {

using namespace safetensors_text;  // bits_to_float, float_to_bits, parse_dtype, float_text

const char* dtype_name(DType dtype) {
  switch (dtype) {
    case DType::F32: return "F32";
    case DType::F16: return "F16";
    case DType::BF16: return "BF16";
    case DType::I8: return "I8";
    case DType::I4: return "I4";
  }
  return "?";
}

size_t dtype_size(DType dtype) {
  switch (dtype) {
    case DType::F32: return 4;
    case DType::I8:
    case DType::I4: return 1;
    case DType::F16:
    case DType::BF16: break;
  }
  return 2;
}

std::string i8_scale_name(const std::string& name) { return name + ".scale"; }

namespace {

// Symmetric per-row quantization to integers in [-top, top] (127 for I8, 7 for I4).
I8Row quantize_row(const float* row, size_t n, int top, const char* who) {
  I8Row out;
  out.q.assign(n, 0);
  float max_abs = 0.0f;
  for (size_t i = 0; i < n; ++i) {
    if (!std::isfinite(row[i]))
      throw std::invalid_argument(std::string(who) + ": value " + float_text(row[i]) + " at index " +
                                  std::to_string(i) + " is not finite");
    max_abs = std::max(max_abs, std::fabs(row[i]));
  }
  if (max_abs == 0.0f) return out;
  // The smallest binary16 s with max_abs / s <= top: round to nearest, then step up while too small
  // (positive halves grow with their bit patterns), so no value is clipped.
  const double target = double(max_abs) / top;
  uint16_t h = float_to_half(float(target));
  while (double(half_to_float(h)) < target) ++h;
  if ((h & 0x7C00) == 0x7C00) {
    throw std::invalid_argument(std::string(who) + ": largest magnitude " + float_text(max_abs) +
                                " needs a scale beyond binary16");
  }
  out.scale = half_to_float(h);
  for (size_t i = 0; i < n; ++i) {
    const long q = std::lround(double(row[i]) / double(out.scale));
    out.q[i] = int8_t(std::max(-long(top), std::min(long(top), q)));
  }
  return out;
}

}  // namespace

I8Row quantize_row_i8(const float* row, size_t n) { return quantize_row(row, n, 127, "quantize_row_i8"); }

I8Row quantize_row_i4(const float* row, size_t n) { return quantize_row(row, n, 7, "quantize_row_i4"); }

DType stored_dtype(DType dtype, const Shape& shape) {
  if (dtype != DType::I8 && dtype != DType::I4) return dtype;
  if (shape.size() != 2) return DType::F16;
  return dtype == DType::I4 && shape[1] % 2 != 0 ? DType::I8 : dtype;
}

DType stored_dtype(DType dtype, const Shape& shape, const std::vector<std::string>& i4, const std::string& name) {
  return stored_dtype(std::find(i4.begin(), i4.end(), name) != i4.end() ? DType::I4 : dtype, shape);
}
// binary16: 1 sign bit, 5 exponent bits (bias 15), 10 mantissa bits.
float half_to_float(uint16_t bits) {
  const uint32_t sign = uint32_t(bits & 0x8000) << 16;
  const uint32_t exponent = (bits >> 10) & 0x1F;
  const uint32_t mantissa = bits & 0x3FF;
  if (exponent == 0) {
    // zero or subnormal: mantissa * 2^-24, exact in binary32
    const float magnitude = std::ldexp(float(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 0x1F) return bits_to_float(sign | 0x7F800000 | mantissa << 13);  // inf, NaN
  return bits_to_float(sign | (exponent + 127 - 15) << 23 | mantissa << 13);
}

uint16_t float_to_half(float value) {
  const uint32_t bits = float_to_bits(value);
  const uint16_t sign = uint16_t((bits >> 16) & 0x8000);
  const uint32_t magnitude = bits & 0x7FFFFFFF;
  if (magnitude >= 0x7F800000) {
    if (magnitude == 0x7F800000) return sign | 0x7C00;             // infinity
    return uint16_t(sign | 0x7E00 | ((magnitude >> 13) & 0x3FF));  // NaN, made quiet
  }
  // 65520 = 0x477FF000 lies halfway between 65504 (largest half) and 65536; ties go to the even
  // neighbour, 65536, which is infinity.
  if (magnitude >= 0x477FF000) return sign | 0x7C00;
  if (magnitude >= 0x38800000) {
    // normal half (>= 2^-14): rebias the exponent by (15 - 127) << 23 and round the 13 dropped
    // mantissa bits to nearest even; a carry into the exponent is the correct result.
    const uint32_t odd = (magnitude >> 13) & 1;
    return uint16_t(sign | ((magnitude - (uint32_t(127 - 15) << 23) + 0xFFF + odd) >> 13));
  }
  // subnormal half: q = value / 2^-24 = m * 2^(e - 126) with m the 24-bit significand, rounded to
  // nearest even. q == 0x400 (rounded up to 2^-14) is the bit pattern of the smallest normal.
  const uint32_t e = magnitude >> 23;
  const uint32_t shift = 126 - e;  // >= 14
  if (shift > 24) return sign;     // below half of the smallest subnormal: rounds to zero
  const uint32_t m = (magnitude & 0x7FFFFF) | 0x800000;
  uint32_t q = m >> shift;
  const uint32_t rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rest > half || (rest == half && (q & 1))) ++q;
  return uint16_t(sign | q);
}

float bfloat16_to_float(uint16_t bits) { return bits_to_float(uint32_t(bits) << 16); }

DType dtype_from_name(const std::string& name) {
  std::string upper = name;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  DType d;
  if (!parse_dtype(upper, &d) || d == DType::I8 || d == DType::I4)
    throw std::invalid_argument("unknown weight type \"" + name + "\" (expected F32, F16 or BF16)");
  return d;
}

float round_to_dtype(float value, DType dtype) {
  switch (dtype) {
    case DType::F16: return half_to_float(float_to_half(value));
    case DType::BF16: return bfloat16_to_float(float_to_bfloat16(value));
    case DType::I8: throw std::invalid_argument("round_to_dtype: I8 rounds whole rows (quantize_row_i8)");
    case DType::I4: throw std::invalid_argument("round_to_dtype: I4 rounds whole rows (quantize_row_i4)");
    case DType::F32: break;
  }
  return value;
}

uint16_t float_to_bfloat16(float value) {
  const uint32_t bits = float_to_bits(value);
  if ((bits & 0x7FFFFFFF) > 0x7F800000) return uint16_t((bits >> 16) | 0x40);  // NaN, made quiet
  const uint32_t odd = (bits >> 16) & 1;
  return uint16_t((bits + 0x7FFF + odd) >> 16);
}

}  // namespace attnlab
