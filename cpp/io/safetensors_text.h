// Small helpers the safetensors reader (safetensors.cpp), writer (safetensors_write.cpp) and dtype
// conversions (dtype.cpp) share: names JSON-quoted, shapes and numbers as text for messages, a
// float's bits, and dtype names. Internal to cpp/io.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "io/safetensors.h"

namespace attnlab::safetensors_text {

constexpr const char* kMetadataKey = "__metadata__";

// A name as it appears in a message: JSON-quoted, so quotes and control characters stay visible.
inline std::string quote(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

inline std::string tensor_label(const std::string& name) { return "tensor " + quote(name); }

inline std::string shape_text(const Shape& shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? "," : "") + std::to_string(shape[i]);
  return out + "]";
}

// snprintf, not an ostringstream: a stream links libc++'s iostream and locale code into the page's
// WebAssembly for this one message (docs/performance-downloads.md, "What a page downloads and runs").
inline std::string float_text(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
  return text;
}

inline uint32_t float_to_bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

inline float bits_to_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// The dtype as the header names it: I4 is stored as U8 (two 4-bit values a byte).
inline const char* dtype_file_name(DType dtype) { return dtype == DType::I4 ? "U8" : dtype_name(dtype); }

// A header dtype: "F32", "F16", "BF16", "I8", or "U8" (read as packed 4-bit weights, I4).
inline bool parse_dtype(const std::string& text, DType* dtype) {
  for (DType d : {DType::F32, DType::F16, DType::BF16, DType::I8, DType::I4}) {
    if (text == dtype_file_name(d)) {
      *dtype = d;
      return true;
    }
  }
  return false;
}

}  // namespace attnlab::safetensors_text
