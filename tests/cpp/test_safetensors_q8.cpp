// Tests of the 8-bit weights in cpp/io/safetensors (docs/weights-format.md): round trips within
// half a scale, the bytes the writer makes, and one rejection per way an 8-bit file can be malformed.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "io/safetensors.h"
#include "safetensors_bytes.h"

using namespace attnlab;
using namespace attnlab::safetensors_bytes;
using Catch::Matchers::Contains;

// 8-bit weights (docs/weights-format.md, "8-bit weights"): W as I8 plus "W.scale", one F16 scale per row.
namespace {

// Odd shapes, a zero row, a row of tiny values, one of large values, one with a single outlier.
std::vector<TensorData> q8_tensors() {
  std::mt19937 rng(17);
  std::normal_distribution<float> normal(0.0f, 0.3f);
  std::vector<TensorData> t = {{"encoder.weight", DType::F32, {5, 7}, {}},
                               {"decoder.weight_ih_l0", DType::F32, {13, 3}, {}},
                               {"encoder.bias", DType::F32, {7}, {}},
                               {"alpha", DType::F32, {}, {0.25f}}};
  for (int i = 0; i < 35; ++i) t[0].values.push_back(normal(rng));
  for (int i = 0; i < 39; ++i) t[1].values.push_back(normal(rng));
  for (int i = 0; i < 7; ++i) t[2].values.push_back(normal(rng));
  for (int c = 0; c < 7; ++c) t[0].values[size_t(7 + c)] = 0.0f;       // row 1: zeros
  for (int c = 0; c < 7; ++c) t[0].values[size_t(14 + c)] *= 1e-6f;    // row 2: tiny (subnormal scale)
  for (int c = 0; c < 7; ++c) t[0].values[size_t(21 + c)] *= 3000.0f;  // row 3: large
  t[1].values[3 * 4 + 1] = 40.0f;                                      // row 4: one outlier
  return t;
}

}  // namespace

TEST_CASE("safetensors: I8 round trip is within half a scale of every value, per row") {
  const std::vector<TensorData> tensors = q8_tensors();
  const Bytes bytes = write_safetensors(tensors, DType::I8, {{"format", "pt"}});

  // The file: W as I8 under its own name, then W.scale as F16 [rows]; others as F16.
  const nlohmann::json h = header_of(bytes);
  CHECK(h["encoder.weight"]["dtype"] == "I8");
  CHECK(h["encoder.weight"]["shape"] == nlohmann::json::array({5, 7}));
  CHECK(h["encoder.weight.scale"]["dtype"] == "F16");
  CHECK(h["encoder.weight.scale"]["shape"] == nlohmann::json::array({5}));
  CHECK(h["decoder.weight_ih_l0.scale"]["shape"] == nlohmann::json::array({13}));
  CHECK(h["encoder.bias"]["dtype"] == "F16");
  CHECK(h["alpha"]["dtype"] == "F16");
  // Data: 35 + 39 bytes of I8, 5 + 13 F16 scales, 7 + 1 F16 values.
  uint64_t data_end = 0;
  for (const auto& item : h.items())
    if (item.key() != "__metadata__") data_end = std::max(data_end, item.value()["data_offsets"][1].get<uint64_t>());
  CHECK(data_end == 35 + 39 + 2 * (5 + 13) + 2 * (7 + 1));

  const SafetensorsFile file = parse(bytes);
  REQUIRE(file.tensors.size() == tensors.size());  // the scales are consumed by the reader
  CHECK(file.metadata["format"] == "pt");
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorData &in = tensors[i], &back = file.tensors[i];
    CAPTURE(in.name);
    REQUIRE(back.name == in.name);
    REQUIRE(back.shape == in.shape);
    if (in.shape.size() != 2) {
      CHECK(back.dtype == DType::F16);
      for (size_t k = 0; k < in.values.size(); ++k) CHECK(back.values[k] == round_to_dtype(in.values[k], DType::F16));
      continue;
    }
    CHECK(back.dtype == DType::I8);
    const size_t rows = size_t(in.shape[0]), cols = size_t(in.shape[1]);
    for (size_t r = 0; r < rows; ++r) {
      CAPTURE(r);
      const float* row = in.values.data() + r * cols;
      const I8Row q = quantize_row_i8(row, cols);
      double max_abs = 0;
      for (size_t c = 0; c < cols; ++c) max_abs = std::max(max_abs, std::fabs(double(row[c])));
      // The scale is the smallest half that fits the row into [-127, 127] (at most one half-ulp
      // above max/127, or the smallest subnormal), so the bound below is not vacuous.
      CHECK(double(q.scale) >= max_abs / 127);
      CHECK(double(q.scale) <= std::max(max_abs / 127 * (1 + 1.0 / 1024), max_abs / 127 + std::ldexp(1.0, -24)));
      if (max_abs == 0) CHECK(q.scale == 0.0f);
      for (size_t c = 0; c < cols; ++c) {
        CAPTURE(c);
        const double error = std::fabs(double(back.values[r * cols + c]) - double(row[c]));
        REQUIRE(error <= double(q.scale) / 2);
        CHECK(back.values[r * cols + c] == float(q.q[c]) * q.scale);
      }
    }
  }
  // Stored again from what was read: the same bytes (8-bit weights are a fixed point).
  std::vector<TensorData> again = file.tensors;
  CHECK(write_safetensors(again, DType::I8, {{"format", "pt"}}) == bytes);
}

TEST_CASE("safetensors: quantize_row_i8 uses the whole range and refuses what it cannot store") {
  const float row[] = {0.5f, -1.0f, 0.25f, 0.0f};
  const I8Row q = quantize_row_i8(row, 4);
  CHECK(q.q[1] == -127);
  // The scale is 1/127 rounded up to a half (a half-ulp there is 2^-17), so 0.5 is 63.46 scales: 63.
  CHECK(double(q.scale) >= 1.0 / 127);
  CHECK(double(q.scale) < 1.0 / 127 + std::ldexp(1.0, -17));
  CHECK(q.q[0] == 63);
  CHECK(q.q[3] == 0);
  const float zeros[] = {0.0f, -0.0f};
  CHECK(quantize_row_i8(zeros, 2).scale == 0.0f);
  const float huge[] = {1e10f};
  CHECK_THROWS_WITH(quantize_row_i8(huge, 1), Contains("needs a scale beyond binary16"));
  const float nan[] = {std::nanf("")};
  CHECK_THROWS_AS(quantize_row_i8(nan, 1), std::invalid_argument);
  CHECK_THROWS_AS(round_to_dtype(1.0f, DType::I8), std::invalid_argument);
  CHECK_THROWS_WITH(dtype_from_name("i8"), Contains("expected F32, F16 or BF16"));
  CHECK(dtype_size(DType::I8) == 1);
  CHECK(std::string(dtype_name(DType::I8)) == "I8");
}

TEST_CASE("safetensors: the I8 writer refuses names that would clash with a scale") {
  using T = std::vector<TensorData>;
  const TensorData w{"w", DType::F32, {1, 2}, {1, 2}};
  const TensorData w_scale{"w.scale", DType::F32, {1}, {3}};
  CHECK_THROWS_WITH(write_safetensors(T{w, w_scale}, DType::I8), Contains("names the scales of tensor \"w\""));
  // Stored as F32, "w.scale" next to "w" would read as scales of a tensor that is not I8.
  CHECK_THROWS_WITH(write_safetensors(T{w, w_scale}, DType::F32), Contains("would read as the scales of tensor \"w\""));
  CHECK_THROWS_WITH(write_safetensors(T{{"big", DType::F32, {1, 1}, {1e10f}}}, DType::I8),
                    Contains("tensor \"big\" row 0") && Contains("beyond binary16"));
  CHECK_THROWS_WITH(write_safetensors(T{{"w", DType::F32, {1, 2}, {1, std::nanf("")}}}, DType::I8),
                    Contains("index 1 is not finite"));
  // A 1-D "x.scale" with no tensor "x" is an ordinary tensor (a module's parameter named scale).
  const SafetensorsFile plain = parse(write_safetensors(T{{"norm.scale", DType::F32, {2}, {1, 2}}}, DType::I8));
  REQUIRE(plain.tensors.size() == 1);
  CHECK(plain.tensors[0].name == "norm.scale");
  CHECK(plain.tensors[0].values == std::vector<float>{1, 2});
}

TEST_CASE("safetensors: malformed 8-bit weights are rejected, each with its own message") {
  // w: I8 [2,2] = {1, -2, 3, 127}; scales F16 {0.5, 0.25} (0x3800, 0x3400).
  const Bytes q = {0x01, 0xFE, 0x03, 0x7F};
  const std::string w = entry("w", "I8", "[2,2]", "[0,4]");
  const auto with_scale = [&](const std::string& dtype, const std::string& shape, const Bytes& scale) {
    const std::string end = std::to_string(4 + scale.size());
    return file_bytes("{" + w + "," + entry("w.scale", dtype, shape, "[4," + end + "]") + "}", concat(q, scale));
  };

  SECTION("well formed: dequantized on read") {
    const SafetensorsFile file = parse(with_scale("F16", "[2]", f16_bytes({0x3800, 0x3400})));
    REQUIRE(file.tensors.size() == 1);
    CHECK(file.tensors[0].dtype == DType::I8);
    CHECK(file.tensors[0].values == std::vector<float>{0.5f, -1.0f, 0.75f, 31.75f});
    // F32 scales are read too, and -128 is a value like any other.
    const SafetensorsFile f32 =
        parse(file_bytes("{" + entry("w", "I8", "[1,2]", "[0,2]") + "," + entry("w.scale", "F32", "[1]", "[2,6]") + "}",
                         concat(Bytes{0x80, 0x02}, f32_bytes({0.5f}))));
    CHECK(f32.tensors[0].values == std::vector<float>{-64.0f, 1.0f});
  }
  SECTION("I8 tensor without its scale") {
    REQUIRE_REJECTED(file_bytes("{" + w + "}", q),
                     "I8 tensor \"w\" has no scale tensor \"w.scale\" (F16 or F32 [2], one scale per row)");
  }
  SECTION("scale of the wrong shape") {
    REQUIRE_REJECTED(with_scale("F16", "[3]", f16_bytes({0x3800, 0x3400, 0x3400})),
                     "tensor \"w.scale\" (the scales of I8 tensor \"w\") has shape [3], but [2,2] (2 values a row) "
                     "needs one scale per row, [2], or one per group of columns, [2, G] with G dividing 2");
    REQUIRE_REJECTED(with_scale("F16", "[2,3]", f16_bytes({0x3800, 0x3400, 0x3400, 0x3800, 0x3400, 0x3400})),
                     "has shape [2,3], but [2,2] (2 values a row) needs");
    // [R, 1] is one group a row: the same as [R] (docs/weights-format.md, "Scales per group").
    CHECK(parse(with_scale("F16", "[2,1]", f16_bytes({0x3800, 0x3400}))).tensors[0].values ==
          parse(with_scale("F16", "[2]", f16_bytes({0x3800, 0x3400}))).tensors[0].values);
    REQUIRE_REJECTED(with_scale("F16", "[]", f16_bytes({0x3800})), "has shape [], but [2,2] (2 values a row) needs");
  }
  SECTION("scale of a dtype that is not F16 or F32") {
    REQUIRE_REJECTED(with_scale("BF16", "[2]", f16_bytes({0x3F00, 0x3E80})),
                     "tensor \"w.scale\" (the scales of I8 tensor \"w\") has dtype BF16; scales are F16 or F32");
    REQUIRE_REJECTED(with_scale("I8", "[2]", Bytes{1, 1}), "has dtype I8; scales are F16 or F32");
  }
  SECTION("scale NaN, infinite or negative") {
    REQUIRE_REJECTED(with_scale("F16", "[2]", f16_bytes({0x3800, 0x7E00})),
                     "tensor \"w.scale\", the scale of row 1 of I8 tensor \"w\", is NaN; scales must be finite and "
                     "not negative");
    REQUIRE_REJECTED(with_scale("F16", "[2]", f16_bytes({0x7C00, 0x3400})),
                     "the scale of row 0 of I8 tensor \"w\", is inf");
    REQUIRE_REJECTED(with_scale("F16", "[2]", f16_bytes({0x3800, 0xBC00})),
                     "the scale of row 1 of I8 tensor \"w\", is -1; scales must be finite and not negative");
  }
  SECTION("I8 tensor that is not 2-D") {
    REQUIRE_REJECTED(file_bytes("{" + entry("b", "I8", "[4]", "[0,4]") + "}", q),
                     "tensor \"b\" is I8 with shape [4]; I8 is for 2-D weights, with one scale per row");
  }
  SECTION("a scale next to a tensor that is not I8") {
    REQUIRE_REJECTED(
        file_bytes("{" + entry("w", "F16", "[2]", "[0,4]") + "," + entry("w.scale", "F16", "[2]", "[4,8]") + "}",
                   concat(f16_bytes({0x3C00, 0x3C00}), f16_bytes({0x3800, 0x3400}))),
        "tensor \"w.scale\" is named as the scales of tensor \"w\", which is F16, not I8");
  }
  SECTION("I8 bytes that do not match the shape") {
    REQUIRE_REJECTED(file_bytes("{" + entry("w", "I8", "[2,2]", "[0,8]") + "}", zeros(8)),
                     "tensor \"w\" data_offsets [0,8] hold 8 bytes, but I8 [2,2] needs 4");
  }
}

TEST_CASE("safetensors: truncated or corrupted 8-bit files fail cleanly") {
  const Bytes good = write_safetensors(q8_tensors(), DType::I8, {{"k", "v"}});
  REQUIRE_NOTHROW(parse(good));
  check_cuts_and_flips(good);
}
