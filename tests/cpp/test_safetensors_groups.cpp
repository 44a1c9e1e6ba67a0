// Scales per group of columns (docs/weights-format.md, "Scales per group"): an I8 or I4 tensor whose
// "W.scale" is [R, G], each scale covering C / G columns of its row. Round trips within half the
// group's scale, an outlier that coarsens only its own group, the writer's refusal, and one
// rejection per way the reader can be handed malformed group scales. Training with groups:
// test_train.cpp.
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

// A [4, 8] table, grouped by 4 columns: row 2 has an outlier in column 6 (the second group).
TensorData grouped_table(DType dtype, int64_t group) {
  std::mt19937 rng(41);
  std::normal_distribution<float> normal(0.0f, 0.05f);
  TensorData t{"embedding.weight", dtype, {4, 8}, {}, group};
  for (int i = 0; i < 32; ++i) t.values.push_back(normal(rng));
  t.values[2 * 8 + 6] = 3.0f;
  return t;
}

}  // namespace

TEST_CASE("safetensors: 4-bit weights with a scale per group of columns round-trip within half that scale") {
  const TensorData table = grouped_table(DType::I4, 4);
  const Bytes bytes = write_safetensors_as_given({table}, {{"format", "pt"}});
  const nlohmann::json h = header_of(bytes);
  CHECK(h["embedding.weight"]["dtype"] == "U8");
  CHECK(h["embedding.weight"]["shape"] == nlohmann::json::array({4, 4}));
  CHECK(h["embedding.weight.scale"]["shape"] == nlohmann::json::array({4, 2}));  // two groups a row

  const SafetensorsFile file = parse(bytes);
  REQUIRE(file.tensors.size() == 1);
  const TensorData& back = file.tensors[0];
  CHECK(back.dtype == DType::I4);
  CHECK(back.group == 4);
  for (size_t r = 0; r < 4; ++r) {
    for (size_t g = 0; g < 2; ++g) {
      const float* part = table.values.data() + r * 8 + g * 4;
      const I8Row q = quantize_row_i4(part, 4);
      for (size_t c = 0; c < 4; ++c) {
        INFO("row " << r << " group " << g << " column " << c);
        CHECK(back.values[r * 8 + g * 4 + c] == float(q.q[c]) * q.scale);
        CHECK(std::fabs(back.values[r * 8 + g * 4 + c] - part[c]) <= q.scale / 2);
      }
    }
  }
  // The outlier coarsens only its own group: row 2's first four columns keep their small scale,
  // where one scale for the row would have rounded each of them to 0 (3.0 / 7 / 2 > 0.2).
  const I8Row whole_row = quantize_row_i4(table.values.data() + 16, 8);
  const I8Row first_group = quantize_row_i4(table.values.data() + 16, 4);
  CHECK(first_group.scale < whole_row.scale / 10);
  for (size_t c = 0; c < 4; ++c) CHECK(whole_row.q[c] == 0);

  // Written again from what was read, the same bytes (the group is kept, every value on its grid).
  CHECK(write_safetensors_as_given(file.tensors, {{"format", "pt"}}) == bytes);
}

TEST_CASE("safetensors: 8-bit weights may have group scales too, and a group must divide the columns") {
  const Bytes bytes = write_safetensors_as_given({grouped_table(DType::I8, 2)});
  CHECK(header_of(bytes)["embedding.weight.scale"]["shape"] == nlohmann::json::array({4, 4}));
  CHECK(parse(bytes).tensors[0].group == 2);
  // A group as wide as the row is one scale per row, stored as [R] (the files every reader knows).
  const Bytes per_row = write_safetensors_as_given({grouped_table(DType::I4, 8)});
  CHECK(header_of(per_row)["embedding.weight.scale"]["shape"] == nlohmann::json::array({4}));
  CHECK(parse(per_row).tensors[0].group == 0);
  CHECK(per_row == write_safetensors_as_given({grouped_table(DType::I4, 0)}));
  CHECK_THROWS_WITH(write_safetensors_as_given({grouped_table(DType::I4, 3)}),
                    Contains("tensor \"embedding.weight\" has 8 columns, which groups of 3 columns (one scale each) "
                             "do not divide"));
}

TEST_CASE("safetensors: malformed group scales are refused by name") {
  // w: U8 [2,2] holds 2 x 4 values {-1, -8, 1, 7; 1, 1, 1, 1}.
  const Bytes q = {0x8F, 0x71, 0x11, 0x11};
  const std::string w = entry("w", "U8", "[2,2]", "[0,4]");
  const auto with_scale = [&](const std::string& shape, const Bytes& scale) {
    const std::string end = std::to_string(4 + scale.size());
    return file_bytes("{" + w + "," + entry("w.scale", "F16", shape, "[4," + end + "]") + "}", concat(q, scale));
  };
  SECTION("well formed: each scale covers its group") {
    // Row 0: 0.5 for columns 0-1, 0.25 for 2-3; row 1: 1 and 2.
    const SafetensorsFile file = parse(with_scale("[2,2]", f16_bytes({0x3800, 0x3400, 0x3C00, 0x4000})));
    REQUIRE(file.tensors.size() == 1);
    CHECK(file.tensors[0].shape == Shape{2, 4});
    CHECK(file.tensors[0].group == 2);
    CHECK(file.tensors[0].values == std::vector<float>{-0.5f, -4.0f, 0.25f, 1.75f, 1.0f, 1.0f, 2.0f, 2.0f});
  }
  SECTION("a number of groups that does not divide the row") {
    REQUIRE_REJECTED(with_scale("[2,3]", f16_bytes({0x3800, 0x3800, 0x3800, 0x3800, 0x3800, 0x3800})),
                     "has shape [2,3], but [2,2] (4 values a row) needs one scale per row, [2], or one per group "
                     "of columns, [2, G] with G dividing 4");
  }
  SECTION("scales for another number of rows") {
    REQUIRE_REJECTED(with_scale("[3,2]", f16_bytes({0x3800, 0x3800, 0x3800, 0x3800, 0x3800, 0x3800})),
                     "has shape [3,2], but [2,2]");
  }
  SECTION("a negative group scale names its row and group") {
    REQUIRE_REJECTED(with_scale("[2,2]", f16_bytes({0x3800, 0x3800, 0x3800, 0xBC00})),
                     "the scale 1 of row 1 of U8 (4-bit) tensor \"w\", is -1; scales must be finite and not negative");
  }
  SECTION("truncated or corrupted") {
    check_cuts_and_flips(with_scale("[2,2]", f16_bytes({0x3800, 0x3400, 0x3C00, 0x4000})));
  }
}
