// Safetensors files built byte by byte for the reader's tests (test_safetensors.cpp and the 8-bit
// cases in test_safetensors_q8.cpp), and the checks both use.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "io/safetensors.h"

namespace attnlab::safetensors_bytes {

using Bytes = std::vector<uint8_t>;

inline const char* const kName = "bad.safetensors";

// 8-byte little-endian header length, the header text, then the data buffer.
inline Bytes file_bytes(const std::string& header, const Bytes& buffer = {}) {
  Bytes out;
  const uint64_t n = header.size();
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(n >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), buffer.begin(), buffer.end());
  return out;
}

inline Bytes length_field(uint64_t n) {
  Bytes out;
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(n >> (8 * i)));
  return out;
}

inline Bytes f32_bytes(std::initializer_list<float> values) {
  Bytes out;
  for (float v : values) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(bits >> (8 * i)));
  }
  return out;
}

inline Bytes f16_bytes(std::initializer_list<uint16_t> halves) {
  Bytes out;
  for (uint16_t half : halves) {
    out.push_back(uint8_t(half));
    out.push_back(uint8_t(half >> 8));
  }
  return out;
}

inline Bytes concat(Bytes a, const Bytes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The raw header of a file the writer made.
inline nlohmann::json header_of(const Bytes& bytes) {
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | bytes[size_t(i)];
  return nlohmann::json::parse(bytes.begin() + 8, bytes.begin() + 8 + long(n));
}

inline Bytes zeros(size_t n) { return Bytes(n, 0); }

inline SafetensorsFile parse(const Bytes& bytes) { return read_safetensors(bytes.data(), bytes.size(), kName); }

// A header entry: "name":{"dtype":..,"shape":..,"data_offsets":..}
inline std::string entry(const std::string& name, const std::string& dtype, const std::string& shape,
                         const std::string& offsets) {
  return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape + ",\"data_offsets\":" + offsets + "}";
}

inline float bits_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Every proper prefix of a good file is missing bytes somewhere: always a FormatError. Flipping
// any one byte either still parses or throws a FormatError, never anything else. Returns how many
// flips were refused.
inline size_t check_cuts_and_flips(const Bytes& good) {
  for (size_t n = 0; n < good.size(); ++n) {
    const Bytes cut(good.begin(), good.begin() + long(n));
    CAPTURE(n);
    REQUIRE_THROWS_AS(parse(cut), FormatError);
  }
  size_t rejected = 0;
  for (size_t i = 0; i < good.size(); ++i) {
    for (uint8_t mask : {0x01, 0x80, 0xFF}) {
      Bytes bad = good;
      bad[i] ^= mask;
      try {
        parse(bad);
      } catch (const FormatError&) {
        ++rejected;
      }
    }
  }
  return rejected;
}

}  // namespace attnlab::safetensors_bytes

// Every rejection is a FormatError whose message starts with the file name and holds fragment.
#define REQUIRE_REJECTED(bytes, fragment)                                                           \
  do {                                                                                              \
    const Bytes bytes_ = (bytes);                                                                   \
    REQUIRE_THROWS_AS(attnlab::safetensors_bytes::parse(bytes_), FormatError);                      \
    REQUIRE_THROWS_WITH(attnlab::safetensors_bytes::parse(bytes_),                                  \
                        Catch::StartsWith(std::string(attnlab::safetensors_bytes::kName) + ": ") && \
                            Catch::Matchers::Contains(fragment));                                   \
  } while (false)
