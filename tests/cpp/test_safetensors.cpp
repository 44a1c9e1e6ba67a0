// Tests of cpp/io/safetensors: round trips, the exact bytes the writer makes, binary16 rounding,
// and one rejection per way a file can be malformed (8-bit files: test_safetensors_q8.cpp). Malformed
// files are built byte by byte (safetensors_bytes.h).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "io/safetensors.h"
#include "safetensors_bytes.h"

using namespace attnlab;
using namespace attnlab::safetensors_bytes;
using Catch::Matchers::Contains;

TEST_CASE("safetensors: F32 round trip keeps names, order, shapes, values and metadata") {
  std::vector<TensorData> tensors = {
      {"encoder.weight", DType::F32, {3, 4}, {}},
      {"encoder.bias", DType::F32, {4}, {0.5f, -0.25f, 1e-40f, -3.4e38f}},  // subnormal, near max
      {"alpha", DType::F32, {}, {42.0f}},                                   // scalar
      {"empty", DType::F32, {0, 3}, {}},                                    // no bytes at all
      {"decoder.weight", DType::F32, {2, 1, 2}, {1.0f, -2.0f, 3.5f, 1e-7f}},
  };
  for (int i = 0; i < 12; ++i) tensors[0].values.push_back(0.1f * float(i) - 0.55f);
  const nlohmann::json metadata = {{"format", "pt"}, {"epochs", "3"}};

  const Bytes bytes = write_safetensors(tensors, DType::F32, metadata);
  const SafetensorsFile file = parse(bytes);

  REQUIRE(file.tensors.size() == tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    CAPTURE(tensors[i].name);
    CHECK(file.tensors[i].name == tensors[i].name);  // header order, not alphabetical
    CHECK(file.tensors[i].dtype == DType::F32);
    CHECK(file.tensors[i].shape == tensors[i].shape);
    CHECK(file.tensors[i].values == tensors[i].values);  // F32 is exact
  }
  CHECK(file.metadata == metadata);
  REQUIRE(file.find("encoder.bias") != nullptr);
  CHECK(file.find("encoder.bias")->values[2] == 1e-40f);
  CHECK(file.find("missing") == nullptr);

  // Without metadata the file still reads, with an empty metadata object.
  const SafetensorsFile plain = parse(write_safetensors(tensors, DType::F32));
  CHECK(plain.metadata == nlohmann::json::object());
  CHECK(plain.tensors.size() == tensors.size());
}

TEST_CASE("safetensors: F16 and BF16 round trips store halves and read back floats") {
  // Values exact in binary16 come back unchanged; others come back as their nearest half.
  std::vector<TensorData> tensors = {
      {"w", DType::F32, {2, 3}, {0.5f, -2.0f, 1024.0f, 65504.0f, 0.099975586f, -0.0f}},
      {"b", DType::F32, {3}, {0.1f, -1.0f / 3.0f, 5.960464477539063e-08f}},
  };
  const nlohmann::json metadata = {{"note", "half precision"}};

  const SafetensorsFile half = parse(write_safetensors(tensors, DType::F16, metadata));
  REQUIRE(half.tensors.size() == 2);
  CHECK(half.tensors[0].name == "w");
  CHECK(half.tensors[1].name == "b");
  CHECK(half.tensors[0].dtype == DType::F16);
  CHECK(half.tensors[0].shape == Shape{2, 3});
  CHECK(half.tensors[1].shape == Shape{3});
  CHECK(half.tensors[0].values == tensors[0].values);
  CHECK(std::signbit(half.tensors[0].values[5]));
  for (size_t i = 0; i < 3; ++i) {
    const float v = tensors[1].values[i];
    CHECK(half.tensors[1].values[i] == half_to_float(float_to_half(v)));
    CHECK(half.tensors[1].values[i] == Approx(v).epsilon(1.0 / 2048));
  }
  CHECK(half.metadata == metadata);

  const SafetensorsFile bf = parse(write_safetensors(tensors, DType::BF16));
  REQUIRE(bf.tensors.size() == 2);
  CHECK(bf.tensors[0].dtype == DType::BF16);
  CHECK(bf.tensors[0].values[0] == 0.5f);
  CHECK(bf.tensors[0].values[2] == 1024.0f);
  CHECK(bf.tensors[1].values[0] == Approx(0.1f).epsilon(1.0 / 256));
  CHECK(bf.tensors[1].values[0] == bfloat16_to_float(float_to_bfloat16(0.1f)));
}

TEST_CASE("safetensors: round trip through a file on disk") {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("attnlab_test_" + std::to_string(std::random_device{}()) + ".safetensors");
  const std::vector<TensorData> tensors = {{"layer.weight", DType::F32, {2, 2}, {1, 2, 3, 4}},
                                           {"layer.bias", DType::F32, {2}, {-1, 1}}};
  write_safetensors_file(path.string(), tensors, DType::F32, {{"seed", "7"}});
  const SafetensorsFile file = read_safetensors_file(path.string());
  std::filesystem::remove(path);

  REQUIRE(file.tensors.size() == 2);
  CHECK(file.tensors[0].name == "layer.weight");
  CHECK(file.tensors[0].values == std::vector<float>{1, 2, 3, 4});
  CHECK(file.tensors[1].shape == Shape{2});
  CHECK(file.metadata["seed"] == "7");

  REQUIRE_THROWS_AS(read_safetensors_file(path.string()), FormatError);
  REQUIRE_THROWS_WITH(read_safetensors_file(path.string()), Contains(path.string()) && Contains("cannot open file"));
  REQUIRE_THROWS_WITH(read_safetensors_file(std::filesystem::temp_directory_path().string()),
                      Contains("cannot read file"));
}

TEST_CASE("safetensors: the writer makes the documented byte layout") {
  const Bytes bytes = write_safetensors({{"a", DType::F32, {2}, {1.0f, 2.0f}}}, DType::F32);
  // 54 bytes of JSON, padded with two spaces to 56 so that the data starts at 8 + 56 = 64.
  const std::string header = "{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}  ";
  REQUIRE(header.size() == 56);
  Bytes expected = length_field(56);
  expected.insert(expected.end(), header.begin(), header.end());
  for (uint8_t b : {0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x40}) expected.push_back(b);
  CHECK(bytes == expected);

  // F16: 1.0 is 0x3C00, stored little-endian; metadata comes first in the header.
  const Bytes half = write_safetensors({{"b", DType::F32, {1}, {1.0f}}}, DType::F16, {{"format", "pt"}});
  const std::string half_header =
      "{\"__metadata__\":{\"format\":\"pt\"},\"b\":{\"dtype\":\"F16\",\"shape\":[1],"
      "\"data_offsets\":[0,2]}}";
  const size_t padded = (half_header.size() + 7) / 8 * 8;
  REQUIRE(half.size() == 8 + padded + 2);
  CHECK(half[0] == padded);
  CHECK(std::string(half.begin() + 8, half.begin() + 8 + long(half_header.size())) == half_header);
  CHECK(std::string(half.begin() + 8 + long(half_header.size()), half.end() - 2) ==
        std::string(padded - half_header.size(), ' '));
  CHECK(half[half.size() - 2] == 0x00);
  CHECK(half[half.size() - 1] == 0x3C);

  // Whatever the names, the data starts on an 8-byte boundary.
  for (size_t n = 1; n <= 16; ++n) {
    const Bytes b = write_safetensors({{std::string(n, 'x'), DType::F32, {1}, {3.0f}}}, DType::F32);
    uint64_t length = 0;
    for (int i = 7; i >= 0; --i) length = (length << 8) | b[size_t(i)];
    CHECK(length % 8 == 0);
    CHECK(b.size() == 8 + length + 4);
  }
}

TEST_CASE("safetensors: binary16 conversion edge cases") {
  CHECK(float_to_half(0.0f) == 0x0000);
  CHECK(float_to_half(-0.0f) == 0x8000);
  CHECK(half_to_float(0x0000) == 0.0f);
  CHECK(std::signbit(half_to_float(0x8000)));
  CHECK(float_to_half(1.0f) == 0x3C00);
  CHECK(float_to_half(-2.0f) == 0xC000);
  CHECK(half_to_float(0x3555) == Approx(0.33325195f));

  // Largest finite half, and where rounding starts to give infinity (65520 ties to even = inf).
  CHECK(float_to_half(65504.0f) == 0x7BFF);
  CHECK(half_to_float(0x7BFF) == 65504.0f);
  CHECK(float_to_half(65519.0f) == 0x7BFF);
  CHECK(float_to_half(65520.0f) == 0x7C00);
  CHECK(float_to_half(1e6f) == 0x7C00);
  CHECK(float_to_half(-1e6f) == 0xFC00);

  // Infinity and NaN.
  const float inf = std::numeric_limits<float>::infinity();
  CHECK(float_to_half(inf) == 0x7C00);
  CHECK(float_to_half(-inf) == 0xFC00);
  CHECK(half_to_float(0x7C00) == inf);
  CHECK(half_to_float(0xFC00) == -inf);
  const uint16_t nan = float_to_half(std::numeric_limits<float>::quiet_NaN());
  CHECK((nan & 0x7C00) == 0x7C00);
  CHECK((nan & 0x03FF) != 0);
  CHECK(std::isnan(half_to_float(0x7E00)));
  CHECK(std::isnan(half_to_float(0x7C01)));                      // signalling NaN pattern stays NaN
  CHECK((float_to_half(bits_float(0x7F800001)) & 0x03FF) != 0);  // payload lost in shift: still NaN

  // Subnormals: 2^-24 is the smallest; 2^-25 ties to even (zero); 3 * 2^-25 ties to even (2).
  const float tiny = std::ldexp(1.0f, -24);
  CHECK(float_to_half(tiny) == 0x0001);
  CHECK(half_to_float(0x0001) == tiny);
  CHECK(float_to_half(std::ldexp(1.0f, -25)) == 0x0000);
  CHECK(float_to_half(std::nextafter(std::ldexp(1.0f, -25), 1.0f)) == 0x0001);
  CHECK(float_to_half(-std::ldexp(1.0f, -25)) == 0x8000);
  CHECK(float_to_half(3 * std::ldexp(1.0f, -25)) == 0x0002);
  CHECK(float_to_half(1e-10f) == 0x0000);
  CHECK(float_to_half(std::numeric_limits<float>::denorm_min()) == 0x0000);
  CHECK(float_to_half(1023 * tiny) == 0x03FF);     // largest subnormal
  CHECK(float_to_half(1023.5f * tiny) == 0x0400);  // ties up to the smallest normal (even)
  CHECK(float_to_half(std::ldexp(1.0f, -14)) == 0x0400);
  CHECK(half_to_float(0x0400) == std::ldexp(1.0f, -14));

  // Normal rounding: ties to even, otherwise to nearest.
  CHECK(float_to_half(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);      // tie, 0x3C00 is even
  CHECK(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02);  // tie, 0x3C02 is even
  CHECK(float_to_half(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)) == 0x3C01);
  CHECK(float_to_half(2047.0f / 1024.0f + std::ldexp(1.0f, -11)) == 0x4000);  // carry into exponent

  // Every finite half survives half -> float -> half; every NaN stays NaN.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    const float f = half_to_float(uint16_t(h));
    if ((h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0) {
      REQUIRE(std::isnan(f));
      REQUIRE(std::isnan(half_to_float(float_to_half(f))));
    } else {
      REQUIRE(float_to_half(f) == h);
    }
  }

  // Random floats in the half range round to a nearest half: neither neighbour is closer.
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> exponent(-26.0f, 16.0f);
  for (int i = 0; i < 20000; ++i) {
    const float x = std::exp2(exponent(rng)) * (i % 2 ? -1.0f : 1.0f);
    const uint16_t h = float_to_half(x);
    const double error = std::fabs(double(half_to_float(h)) - x);
    if ((h & 0x7FFF) != 0x7C00 && (h & 0x7FFF) != 0x7BFF && (h & 0x7FFF) != 0) {
      REQUIRE(error <= std::fabs(double(half_to_float(uint16_t(h + 1))) - x));
      REQUIRE(error <= std::fabs(double(half_to_float(uint16_t(h - 1))) - x));
    }
  }

  // bfloat16: top half of the float bits, rounded to nearest even.
  CHECK(float_to_bfloat16(1.0f) == 0x3F80);
  CHECK(bfloat16_to_float(0x3F80) == 1.0f);
  CHECK(float_to_bfloat16(bits_float(0x3F808000)) == 0x3F80);  // tie, even
  CHECK(float_to_bfloat16(bits_float(0x3F818000)) == 0x3F82);  // tie, even
  CHECK(float_to_bfloat16(bits_float(0x3F808001)) == 0x3F81);
  CHECK(std::isnan(bfloat16_to_float(float_to_bfloat16(std::numeric_limits<float>::quiet_NaN()))));
}

TEST_CASE("safetensors: the writer refuses tensors it could not write faithfully") {
  using T = std::vector<TensorData>;
  CHECK_THROWS_AS(write_safetensors(T{{"w", DType::F32, {2, 2}, {1, 2, 3}}}, DType::F32), std::invalid_argument);
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {2, 2}, {1, 2, 3}}}, DType::F32),
                    Contains("3 values but shape [2,2] needs 4"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {1}, {1}}, {"w", DType::F32, {1}, {2}}}, DType::F32),
                    Contains("given twice"));
  CHECK_THROWS_WITH(write_safetensors(T{{"__metadata__", DType::F32, {1}, {1}}}, DType::F32), Contains("reserved"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {-1}, {}}}, DType::F32), Contains("negative shape"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {2}, {1, std::nanf("")}}}, DType::F32),
                    Contains("index 1 is not finite"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {1}, {1e5f}}}, DType::F16), Contains("too large for F16"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {1}, {1}}}, DType::F32, {{"epochs", 3}}),
                    Contains("must have a string value"));
  CHECK_THROWS_AS(write_safetensors(T{}, DType::F32, nlohmann::json::array()), std::invalid_argument);
  CHECK_THROWS_AS(write_safetensors(T{{"\xff", DType::F32, {1}, {1}}}, DType::F32), std::invalid_argument);
  // No tensors at all is a valid (if useless) file.
  CHECK(parse(write_safetensors(T{}, DType::F32)).tensors.empty());
}

TEST_CASE("safetensors: malformed files are rejected with a message that says what is wrong") {
  const std::string w_ok = entry("w", "F32", "[2]", "[0,8]");
  const Bytes eight = zeros(8);

  SECTION("empty file") { REQUIRE_REJECTED(Bytes{}, "file is empty"); }
  SECTION("shorter than the length field") {
    REQUIRE_REJECTED(Bytes(5, 0), "file is 5 bytes long, shorter than the 8-byte header length");
  }
  SECTION("header length larger than the file") {
    Bytes b = length_field(100);
    b.push_back('{');
    b.push_back('}');
    REQUIRE_REJECTED(b, "header length 100 is larger than the 2 bytes that follow it");
  }
  SECTION("header length larger than 100 MB") {
    REQUIRE_REJECTED(length_field(200'000'000), "is larger than the limit of 100000000 bytes");
    REQUIRE_REJECTED(length_field(std::numeric_limits<uint64_t>::max()), "larger than the limit");
  }
  SECTION("header length zero") { REQUIRE_REJECTED(length_field(0), "header length is 0"); }
  SECTION("header not valid UTF-8") {
    REQUIRE_REJECTED(file_bytes("{\"a\xC3\x28\":1}"), "not valid UTF-8 (byte 3 of the header)");
    REQUIRE_REJECTED(file_bytes("{\"\xED\xA0\x80\":1}"), "not valid UTF-8");  // a surrogate
    REQUIRE_REJECTED(file_bytes("{\"\xC0\xAF\":1}"), "not valid UTF-8");      // overlong '/'
    REQUIRE_REJECTED(file_bytes("{\"\xF0\x9F\x98"), "not valid UTF-8");       // cut short
  }
  SECTION("header not valid JSON") {
    REQUIRE_REJECTED(file_bytes("{\"w\": {\"dtype\": "), "header is not valid JSON");
    REQUIRE_REJECTED(file_bytes("{} {}"), "header is not valid JSON");
    REQUIRE_REJECTED(file_bytes("{\"w\":1,}"), "header is not valid JSON");
    REQUIRE_REJECTED(file_bytes("{\"w\":1e999}"), "header is not valid JSON (number overflow");
  }
  SECTION("header not an object") {
    REQUIRE_REJECTED(file_bytes("[1, 2]"), "header must be a JSON object starting with \"{\"");
    REQUIRE_REJECTED(file_bytes("  {}"), "header must be a JSON object starting with \"{\"");
  }
  SECTION("entry not an object") {
    REQUIRE_REJECTED(file_bytes("{\"w\":[0,8]}", eight), "tensor \"w\" must be an object with");
  }
  SECTION("entry missing dtype, shape or data_offsets") {
    REQUIRE_REJECTED(file_bytes("{\"w\":{\"shape\":[2],\"data_offsets\":[0,8]}}", eight),
                     "tensor \"w\" has no \"dtype\"");
    REQUIRE_REJECTED(file_bytes("{\"w\":{\"dtype\":\"F32\",\"data_offsets\":[0,8]}}", eight),
                     "tensor \"w\" has no \"shape\"");
    REQUIRE_REJECTED(file_bytes("{\"w\":{\"dtype\":\"F32\",\"shape\":[2]}}", eight),
                     "tensor \"w\" has no \"data_offsets\"");
  }
  SECTION("entry with an unknown key") {
    REQUIRE_REJECTED(file_bytes("{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8],\"x\":1}}", eight),
                     "tensor \"w\" has unknown key \"x\"");
  }
  SECTION("unknown dtype") {
    REQUIRE_REJECTED(
        file_bytes("{" + entry("w", "I64", "[1]", "[0,8]") + "}", eight),
        "tensor \"w\" has dtype \"I64\"; supported dtypes are F32, F16, BF16, I8 and U8 (4-bit weights), the "
        "last two with a per-row scale");
    REQUIRE_REJECTED(file_bytes("{\"w\":{\"dtype\":32,\"shape\":[2],\"data_offsets\":[0,8]}}", eight),
                     "tensor \"w\" dtype must be a string");
  }
  SECTION("shape not a list of non-negative integers") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "\"2\"", "[0,8]") + "}", eight),
                     "tensor \"w\" shape must be a list of non-negative integers, got the string");
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[-2]", "[0,8]") + "}", eight), "got -2 in it");
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[2.0]", "[0,8]") + "}", eight), "got 2.0 in it");
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[[2]]", "[0,8]") + "}", eight),
                     "tensor \"w\" shape must be a list of non-negative integers");
  }
  SECTION("shape whose size overflows") {
    // 2^62 F32 elements are 2^64 bytes, which wraps to 0 and would match [0,0] unchecked.
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[4611686018427387904]", "[0,0]") + "}"),
                     "tensor \"w\" shape [4611686018427387904] has more elements than any file");
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[4294967296,4294967296]", "[0,0]") + "}"),
                     "has more elements than any file can hold");
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[18446744073709551615]", "[0,0]") + "}"),
                     "shape dimension 18446744073709551615 is too large");
  }
  SECTION("data_offsets not two non-negative integers") {
    for (const char* offsets : {"[0]", "[0,8,16]", "[0,\"8\"]", "[-8,0]", "[0,8.0]", "8"}) {
      CAPTURE(offsets);
      REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[2]", offsets) + "}", eight),
                       "tensor \"w\" data_offsets must be two non-negative integers [begin, end]");
    }
  }
  SECTION("data_offsets decreasing") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[2]", "[8,0]") + "}", eight),
                     "tensor \"w\" data_offsets [8,0] decrease; begin must not exceed end");
  }
  SECTION("data_offsets outside the buffer") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[4]", "[0,16]") + "}", eight),
                     "tensor \"w\" data_offsets [0,16] reach past the end of the 8-byte data buffer");
    REQUIRE_REJECTED(
        file_bytes("{" + entry("w", "F32", "[1]", "[18446744073709551612,18446744073709551615]") + "}", eight),
        "reach past the end");
  }
  SECTION("byte size not numel times dtype size") {
    REQUIRE_REJECTED(file_bytes("{" + entry("encoder.weight", "F32", "[4,6]", "[0,100]") + "}", zeros(100)),
                     "tensor \"encoder.weight\" data_offsets [0,100] hold 100 bytes, but F32 [4,6] needs 96");
    REQUIRE_REJECTED(file_bytes("{" + entry("h", "F16", "[2]", "[0,8]") + "}", eight),
                     "hold 8 bytes, but F16 [2] needs 4");
  }
  SECTION("overlapping tensors") {
    REQUIRE_REJECTED(file_bytes("{" + w_ok + "," + entry("v", "F32", "[2]", "[4,12]") + "}", zeros(12)),
                     "tensor \"v\" data_offsets [4,12] overlap tensor \"w\" data_offsets [0,8]");
    // Same range twice: two names aliasing one set of bytes.
    REQUIRE_REJECTED(file_bytes("{" + w_ok + "," + entry("v", "F32", "[2]", "[0,8]") + "}", eight),
                     "overlap tensor \"w\"");
  }
  SECTION("holes in the data buffer") {
    REQUIRE_REJECTED(file_bytes("{" + w_ok + "," + entry("v", "F32", "[2]", "[12,20]") + "}", zeros(20)),
                     "bytes [8,12] of the data buffer, between tensor \"w\" and tensor \"v\", "
                     "belong to no tensor");
    REQUIRE_REJECTED(file_bytes("{" + entry("v", "F32", "[1]", "[4,8]") + "}", eight),
                     "bytes [0,4] of the data buffer, before tensor \"v\", belong to no tensor");
    REQUIRE_REJECTED(file_bytes("{" + w_ok + "}", zeros(12)),
                     "bytes [8,12] at the end of the data buffer, after tensor \"w\", belong to no");
    REQUIRE_REJECTED(file_bytes("{}", zeros(4)), "bytes [0,4] at the end of the data buffer belong");
  }
  SECTION("duplicate tensor names") {
    REQUIRE_REJECTED(file_bytes("{" + w_ok + "," + entry("w", "F32", "[2]", "[8,16]") + "}", zeros(16)),
                     "tensor \"w\" appears twice in the header");
    REQUIRE_REJECTED(
        file_bytes("{\"w\":{\"dtype\":\"F32\",\"dtype\":\"F16\",\"shape\":[2],\"data_offsets\":[0,8]}}", eight),
        "key \"dtype\" appears twice inside the entry of tensor \"w\"");
  }
  SECTION("NaN or infinite values") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "F32", "[2,2]", "[0,16]") + "}", f32_bytes({1, 2, 3, std::nanf("")})),
                     "tensor \"w\" holds NaN at index 3 ([1,1] in [2,2]); weights must be finite");
    // F16 0x7C00 (+inf) as the second element of a (3) vector.
    REQUIRE_REJECTED(
        file_bytes("{" + entry("h", "F16", "[3]", "[0,6]") + "}", Bytes{0x00, 0x3C, 0x00, 0x7C, 0x00, 0x00}),
        "tensor \"h\" holds inf at index 1 ([1] in [3])");
    REQUIRE_REJECTED(file_bytes("{" + entry("b", "BF16", "[1]", "[0,2]") + "}", Bytes{0xC0, 0x7F}),
                     "tensor \"b\" holds NaN at index 0");
  }
  SECTION("metadata not a string -> string object") {
    REQUIRE_REJECTED(file_bytes("{\"__metadata__\":[\"pt\"]," + w_ok + "}", eight),
                     "\"__metadata__\" must be an object of string -> string");
    REQUIRE_REJECTED(file_bytes("{\"__metadata__\":{\"epochs\":3}," + w_ok + "}", eight),
                     "\"__metadata__\" key \"epochs\" has value 3; metadata values must be strings");
    REQUIRE_REJECTED(file_bytes("{\"__metadata__\":{},\"__metadata__\":{}," + w_ok + "}", eight),
                     "\"__metadata__\" appears twice");
  }
  SECTION("deeply nested JSON is an error, not a stack overflow") {
    const std::string deep = "{\"w\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
    REQUIRE_REJECTED(file_bytes(deep, eight), "tensor \"w\" must be an object with");
  }
}

TEST_CASE("safetensors: the well-formed edge cases are accepted") {
  // Trailing spaces after the JSON (the spec's padding), an empty tensor sharing an offset with its
  // neighbour, a scalar, and tensors listed out of byte order.
  const std::string header = "{" + entry("b", "F32", "[]", "[8,12]") + "," + entry("e", "F16", "[0,4]", "[8,8]") + "," +
                             entry("a", "BF16", "[2,2]", "[0,8]") + "}     ";
  Bytes buffer = {0x80, 0x3F, 0x00, 0x40, 0x40, 0x40, 0x80, 0xBF};  // BF16 1, 2, 3, -1
  const Bytes scalar = f32_bytes({0.25f});
  buffer.insert(buffer.end(), scalar.begin(), scalar.end());
  const SafetensorsFile file = parse(file_bytes(header, buffer));
  REQUIRE(file.tensors.size() == 3);
  CHECK(file.tensors[0].name == "b");
  CHECK(file.tensors[0].shape.empty());
  CHECK(file.tensors[0].values == std::vector<float>{0.25f});
  CHECK(file.tensors[1].values.empty());
  CHECK(file.tensors[1].shape == Shape{0, 4});
  CHECK(file.tensors[2].values == std::vector<float>{1, 2, 3, -1});
  CHECK(file.metadata == nlohmann::json::object());
}

TEST_CASE("safetensors: truncated or corrupted files fail cleanly") {
  const Bytes good = write_safetensors(
      {{"w", DType::F16, {2, 3}, {1, 2, 3, 4, 5, 6}}, {"b", DType::F16, {3}, {-1, 0, 1}}}, DType::F16, {{"k", "v"}});
  REQUIRE_NOTHROW(parse(good));
  CHECK(check_cuts_and_flips(good) > good.size());
}
