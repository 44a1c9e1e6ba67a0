// Tier-2 fixtures written by PyTorch (scripts/make_fixtures.py, scripts/make_byom_fixtures.py):
// lookups that fail with the case and tensor named, and element-by-element comparison within
// 1e-5 absolute (float32). Shared by test_torch_fixtures.cpp (layers) and test_torch_models.cpp.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "core/param.h"
#include "io/safetensors.h"

namespace attnlab {

static_assert(std::is_same<Real, float>::value, "the PyTorch fixtures are float32: build with the float engine");

inline constexpr double kTol = 1e-5;  // absolute, per element

inline std::string fixtures_dir() { return ATTNLAB_FIXTURES_DIR; }

inline std::string shape_text(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + ")";
}

// The index of flat element i of a row-major tensor of the given shape, as "[2, 0, 3]".
inline std::string index_text(const Shape& shape, size_t flat) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    idx[d] = static_cast<int64_t>(flat % static_cast<size_t>(shape[d]));
    flat /= static_cast<size_t>(shape[d]);
  }
  std::string out = "[";
  for (size_t d = 0; d < idx.size(); ++d) out += (d ? ", " : "") + std::to_string(idx[d]);
  return out + "]";
}

// Requires got (flattened, row-major) to equal want element by element within kTol.
inline void expect_close(const std::string& where, const std::string& tensor, const std::vector<double>& got,
                         const TensorData& want) {
  INFO(where << ": tensor \"" << tensor << "\" of shape " << shape_text(want.shape));
  REQUIRE(got.size() == want.values.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const double diff = std::abs(got[i] - static_cast<double>(want.values[i]));
    if (!(diff <= kTol)) {
      INFO("element " << index_text(want.shape, i) << ": engine " << got[i] << ", PyTorch " << want.values[i]
                      << ", |diff| " << diff << " > " << kTol);
      REQUIRE(diff <= kTol);
    }
  }
}

inline std::vector<double> flat(const Mat& m) { return std::vector<double>(m.data(), m.data() + m.size()); }

// One fixture file: lookups that fail with the case and tensor named.
class Fixture {
 public:
  explicit Fixture(const std::string& case_name, const std::string& path)
      : name_(case_name), file_(read_safetensors_file(path)) {}
  explicit Fixture(const std::string& case_name)
      : Fixture(case_name, fixtures_dir() + "/" + case_name + ".safetensors") {}

  const std::string& name() const { return name_; }
  const SafetensorsFile& file() const { return file_; }

  const TensorData& tensor(const std::string& t) const {
    const TensorData* p = file_.find(t);
    INFO(name_ << ": fixture has no tensor \"" << t << "\" (rerun scripts/make_fixtures.py?)");
    REQUIRE(p != nullptr);
    return *p;
  }
  // Leading dimensions folded into rows: (n) -> (1, n), (H, T, T) -> (H*T, T).
  Mat mat(const std::string& t) const {
    const TensorData& d = tensor(t);
    const Eigen::Index cols = d.shape.empty() ? 1 : static_cast<Eigen::Index>(d.shape.back());
    const Eigen::Index rows = cols == 0 ? 0 : static_cast<Eigen::Index>(d.values.size()) / cols;
    Mat m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = d.values[static_cast<size_t>(i)];
    return m;
  }
  RowVec row(const std::string& t) const {
    const Mat m = mat(t);
    return Eigen::Map<const RowVec>(m.data(), m.size());
  }
  std::vector<int> ints(const std::string& t) const {
    std::vector<int> out;
    for (float v : tensor(t).values) out.push_back(static_cast<int>(std::lround(v)));
    return out;
  }
  double scalar(const std::string& t) const {
    const TensorData& d = tensor(t);
    REQUIRE(d.values.size() == 1);
    return d.values[0];
  }
  void expect(const std::string& t, const Mat& got) const { expect_close(name_, t, flat(got), tensor(t)); }
  void expect(const std::string& t, const std::vector<double>& got) const { expect_close(name_, t, got, tensor(t)); }

 private:
  std::string name_;
  SafetensorsFile file_;
};

// Copies every parameter the layer visits from the fixture (same state_dict name and shape).
template <class Layer>
void set_params(Layer& layer, const Fixture& fx) {
  int n = 0;
  layer.for_each_param("", [&](const std::string& name, Param& p) {
    const TensorData& t = fx.tensor(name);
    INFO(fx.name() << ": parameter \"" << name << "\" has shape " << shape_text(t.shape) << ", the engine's is "
                   << shape_text(p.shape()));
    REQUIRE(t.shape == p.shape());
    for (Eigen::Index i = 0; i < p.value.size(); ++i) p.value.data()[i] = t.values[static_cast<size_t>(i)];
    p.zero_grad();
    ++n;
  });
  REQUIRE(n > 0);
}

// Every parameter gradient against PyTorch's grad.<name>.
template <class Layer>
void expect_param_grads(Layer& layer, const Fixture& fx) {
  layer.for_each_param("", [&](const std::string& name, Param& p) { fx.expect("grad." + name, p.grad); });
}

}  // namespace attnlab
