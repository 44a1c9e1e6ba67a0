// Tests of the 4-bit weights in cpp/io/safetensors (docs/weights-format.md, "4-bit weights"): U8
// [R, C / 2] with two values a byte plus "W.scale". Round trips within half a scale, the bytes and
// nibble order the writer makes, the fallbacks (odd columns: I8; 1-D: F16), and one rejection per
// way a 4-bit file can be malformed.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "io/safetensors.h"
#include "safetensors_bytes.h"

using namespace attnlab;
using namespace attnlab::safetensors_bytes;
using Catch::Matchers::Contains;

namespace {

// An even-width table with a zero row, a tiny row and an outlier row; an odd-width weight; a bias.
std::vector<TensorData> q4_tensors() {
  std::mt19937 rng(23);
  std::normal_distribution<float> normal(0.0f, 0.3f);
  std::vector<TensorData> t = {{"embedding.weight", DType::F32, {6, 8}, {}},
                               {"cell.weight", DType::F32, {4, 5}, {}},
                               {"cell.bias", DType::F32, {4}, {}}};
  for (int i = 0; i < 48; ++i) t[0].values.push_back(normal(rng));
  for (int i = 0; i < 20; ++i) t[1].values.push_back(normal(rng));
  for (int i = 0; i < 4; ++i) t[2].values.push_back(normal(rng));
  for (int c = 0; c < 8; ++c) t[0].values[size_t(8 + c)] = 0.0f;     // row 1: zeros
  for (int c = 0; c < 8; ++c) t[0].values[size_t(16 + c)] *= 1e-6f;  // row 2: tiny
  t[0].values[3 * 8 + 5] = -9.0f;                                    // row 3: one outlier
  return t;
}

}  // namespace

TEST_CASE("safetensors: I4 round trip is within half a scale of every value, two values a byte") {
  const std::vector<TensorData> tensors = q4_tensors();
  const Bytes bytes = write_safetensors(tensors, DType::I4, {{"format", "pt"}});

  // The file: the even-width table as U8 [6, 4] with F16 scales; the odd-width weight falls back
  // to I8 (a byte cannot hold half a pair); the bias as F16.
  const nlohmann::json h = header_of(bytes);
  CHECK(h["embedding.weight"]["dtype"] == "U8");
  CHECK(h["embedding.weight"]["shape"] == nlohmann::json::array({6, 4}));
  CHECK(h["embedding.weight.scale"]["dtype"] == "F16");
  CHECK(h["embedding.weight.scale"]["shape"] == nlohmann::json::array({6}));
  CHECK(h["cell.weight"]["dtype"] == "I8");
  CHECK(h["cell.bias"]["dtype"] == "F16");

  const SafetensorsFile file = parse(bytes);
  REQUIRE(file.tensors.size() == tensors.size());  // the scales are consumed
  const TensorData& back = *file.find("embedding.weight");
  CHECK(back.dtype == DType::I4);
  CHECK(back.shape == Shape{6, 8});
  CHECK(file.find("cell.weight")->dtype == DType::I8);
  for (size_t r = 0; r < 6; ++r) {
    const float* row = tensors[0].values.data() + r * 8;
    const I8Row q = quantize_row_i4(row, 8);
    double max_abs = 0;
    for (size_t c = 0; c < 8; ++c) max_abs = std::max(max_abs, std::fabs(double(row[c])));
    // The scale is the smallest half that fits the row into [-7, 7].
    CHECK(double(q.scale) >= max_abs / 7);
    CHECK(double(q.scale) <= std::max(max_abs / 7 * (1 + 1.0 / 1024), max_abs / 7 + std::ldexp(1.0, -24)));
    for (size_t c = 0; c < 8; ++c) {
      INFO("row " << r << " column " << c);
      CHECK(std::abs(int(q.q[c])) <= 7);
      REQUIRE(std::fabs(double(back.values[r * 8 + c]) - double(row[c])) <= double(q.scale) / 2);
      CHECK(back.values[r * 8 + c] == float(q.q[c]) * q.scale);
    }
  }
  CHECK(quantize_row_i4(tensors[0].values.data() + 8, 8).scale == 0.0f);  // the zero row
  // The outlier sets its row's scale: it is -7 scales, the end of the range, not clipped.
  CHECK(quantize_row_i4(tensors[0].values.data() + 24, 8).q[5] == -7);

  // Written again, the values read back make the same bytes (every value is on its grid).
  CHECK(write_safetensors(file.tensors, DType::I4, {{"format", "pt"}}) == bytes);
  CHECK(write_safetensors_as_given(file.tensors, {{"format", "pt"}}) == bytes);
}

TEST_CASE("safetensors: a file may mix 4-bit, 8-bit and F16 tensors (I8+I4)") {
  std::vector<TensorData> tensors = q4_tensors();
  tensors[0].dtype = DType::I4;
  tensors[1].dtype = DType::I8;
  tensors[2].dtype = DType::F16;
  const Bytes bytes = write_safetensors_as_given(tensors);
  const nlohmann::json h = header_of(bytes);
  CHECK(h["embedding.weight"]["dtype"] == "U8");
  CHECK(h["cell.weight"]["dtype"] == "I8");
  CHECK(h["cell.bias"]["dtype"] == "F16");
  // Odd columns asked for in 4 bits become I8 (stored_dtype), and a 1-D tensor cannot be 4-bit.
  CHECK(stored_dtype(DType::I4, Shape{4, 5}) == DType::I8);
  CHECK(stored_dtype(DType::I4, Shape{4, 6}) == DType::I4);
  CHECK(stored_dtype(DType::I4, Shape{4}) == DType::F16);
  tensors[2].dtype = DType::I4;
  CHECK_THROWS_WITH(write_safetensors_as_given(tensors), Contains("I4 is for 2-D weights"));
  CHECK(dtype_size(DType::I4) == 1);
  CHECK(std::string(dtype_name(DType::I4)) == "I4");
  CHECK_THROWS_AS(round_to_dtype(1.0f, DType::I4), std::invalid_argument);
  CHECK_THROWS_AS(dtype_from_name("U8"), std::invalid_argument);
  CHECK_THROWS_AS(dtype_from_name("I4"), std::invalid_argument);
}

TEST_CASE("safetensors: 4-bit bytes are read low nibble first, as two's-complement integers") {
  // w: U8 [2,1] holds the 2 x 2 values {-1, -8; 1, 7}: 0x8F (low 0xF = -1, high 0x8 = -8), 0x71.
  const Bytes q = {0x8F, 0x71};
  const std::string w = entry("w", "U8", "[2,1]", "[0,2]");
  const auto with_scale = [&](const std::string& dtype, const std::string& shape, const Bytes& scale) {
    const std::string end = std::to_string(2 + scale.size());
    return file_bytes("{" + w + "," + entry("w.scale", dtype, shape, "[2," + end + "]") + "}", concat(q, scale));
  };

  SECTION("well formed: unpacked and dequantized on read") {
    const SafetensorsFile file = parse(with_scale("F16", "[2]", f16_bytes({0x3800, 0x3400})));  // 0.5, 0.25
    REQUIRE(file.tensors.size() == 1);
    CHECK(file.tensors[0].dtype == DType::I4);
    CHECK(file.tensors[0].shape == Shape{2, 2});
    CHECK(file.tensors[0].values == std::vector<float>{-0.5f, -4.0f, 0.25f, 1.75f});
  }
  SECTION("U8 tensor without its scale") {
    REQUIRE_REJECTED(file_bytes("{" + w + "}", q),
                     "U8 (4-bit) tensor \"w\" has no scale tensor \"w.scale\" (F16 or F32 [2], one scale per row)");
  }
  SECTION("U8 tensor that is not 2-D") {
    REQUIRE_REJECTED(file_bytes("{" + entry("b", "U8", "[2]", "[0,2]") + "}", q),
                     "tensor \"b\" is U8 (4-bit) with shape [2]; U8 is read only as 4-bit 2-D weights");
  }
  SECTION("scale of the wrong shape or dtype, or negative") {
    REQUIRE_REJECTED(with_scale("F16", "[1]", f16_bytes({0x3800})),
                     "tensor \"w.scale\" (the scales of U8 (4-bit) tensor \"w\") has shape [1], but [2,1] (2 values a "
                     "row) needs one scale per row, [2], or one per group of columns, [2, G] with G dividing 2");
    REQUIRE_REJECTED(with_scale("U8", "[2]", Bytes{1, 1}), "has dtype U8; scales are F16 or F32");
    REQUIRE_REJECTED(with_scale("F16", "[2]", f16_bytes({0x3800, 0xBC00})),
                     "the scale of row 1 of U8 (4-bit) tensor \"w\", is -1; scales must be finite and not negative");
  }
  SECTION("U8 bytes that do not match the shape") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "U8", "[2,2]", "[0,2]") + "}", q),
                     "tensor \"w\" data_offsets [0,2] hold 2 bytes, but U8 [2,2] needs 4");
  }
}

TEST_CASE("safetensors: truncated or corrupted 4-bit files fail cleanly") {
  const Bytes good = write_safetensors(q4_tensors(), DType::I4, {{"k", "v"}});
  REQUIRE_NOTHROW(parse(good));
  check_cuts_and_flips(good);
}
