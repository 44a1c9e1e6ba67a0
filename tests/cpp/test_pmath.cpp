// The engine's portable math (core/pmath.h): accurate against the C library over the ranges the
// engine uses, right at the special values, and one function whether a scalar or a kernel calls it.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/matmul.h"
#include "core/pmath.h"
#include "core/simd.h"
#include "layers/softmax.h"

using namespace attnlab;

namespace {

// Largest relative error of f against ref over n points spread evenly over [lo, hi].
template <class F, class R>
double max_rel_error(F f, R ref, double lo, double hi, int n, double floor = 0) {
  double worst = 0;
  for (int i = 0; i <= n; ++i) {
    const double x = lo + (hi - lo) * i / n;
    const double want = ref(x);
    const double err = std::fabs(f(x) - want) / std::max(std::fabs(want), floor);
    worst = std::max(worst, err);
  }
  return worst;
}

}  // namespace

TEST_CASE("pmath: double functions are accurate to a few units in the last place") {
  CHECK(max_rel_error([](double x) { return pmath::exp(x); }, [](double x) { return std::exp(x); }, -700, 700, 200001) <
        1e-15);
  CHECK(max_rel_error([](double x) { return pmath::log(x); }, [](double x) { return std::log(x); }, 1e-300, 1e300,
                      200001, 1e-300) < 1e-15);
  CHECK(max_rel_error([](double x) { return pmath::log(x); }, [](double x) { return std::log(x); }, 0.5, 2, 200001,
                      1e-3) < 1e-14);
  CHECK(max_rel_error([](double x) { return pmath::sin(x); }, [](double x) { return std::sin(x); }, -5000, 5000, 200001,
                      1) < 1e-15);
  CHECK(max_rel_error([](double x) { return pmath::cos(x); }, [](double x) { return std::cos(x); }, -5000, 5000, 200001,
                      1) < 1e-15);
  CHECK(max_rel_error([](double x) { return pmath::erf(x); }, [](double x) { return std::erf(x); }, -7, 7, 200001,
                      1e-3) < 1e-13);
  CHECK(max_rel_error([](double x) { return pmath::tanh(x); }, [](double x) { return std::tanh(x); }, -25, 25, 200001,
                      1e-3) < 1e-15);
  CHECK(pmath::pow_int(0.999, 20000) == Approx(std::pow(0.999, 20000)).epsilon(1e-13));
  CHECK(pmath::pow_int(0.9, 0) == 1.0);
}

TEST_CASE("pmath: float functions are accurate to about 1e-7") {
  const auto fexp = [](double x) { return static_cast<double>(pmath::exp(static_cast<float>(x))); };
  const auto flog = [](double x) { return static_cast<double>(pmath::log(static_cast<float>(x))); };
  const auto ftanh = [](double x) { return static_cast<double>(pmath::tanh(static_cast<float>(x))); };
  const auto ferf = [](double x) { return static_cast<double>(pmath::erf(static_cast<float>(x))); };
  // References at the float argument, so only the function's own error counts.
  const auto at_float = [](double (*f)(double)) {
    return [f](double x) { return f(static_cast<double>(static_cast<float>(x))); };
  };
  CHECK(max_rel_error(fexp, at_float(std::exp), -80, 80, 100001) < 3e-7);
  CHECK(max_rel_error(flog, at_float(std::log), 1e-30, 1e30, 100001, 1e-2) < 3e-7);
  CHECK(max_rel_error(ftanh, at_float(std::tanh), -10, 10, 100001, 1e-2) < 3e-7);
  CHECK(max_rel_error(ferf, at_float(std::erf), -6, 6, 100001, 1e-2) < 3e-7);
  CHECK(max_rel_error(ferf, at_float(std::erf), -1e-3, 1e-3, 1001, 1e-9) < 3e-7);  // relative near 0 too
}

TEST_CASE("pmath: special values") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(pmath::exp(0.0) == 1.0);
  CHECK(pmath::exp(1000.0) == inf);
  CHECK(pmath::exp(-1000.0) == 0.0);
  CHECK(pmath::log(1.0) == 0.0);
  CHECK(pmath::log(0.0) == -inf);
  CHECK(std::isnan(pmath::log(-1.0)));
  CHECK(pmath::log(inf) == inf);
  CHECK(pmath::log(0.0f) == -std::numeric_limits<float>::infinity());
  CHECK(std::isnan(pmath::log(-1.0f)));
  CHECK(pmath::sin(0.0) == 0.0);
  CHECK(pmath::cos(0.0) == 1.0);
  CHECK(std::isnan(pmath::sin(inf)));
  CHECK(pmath::erf(0.0f) == 0.0f);
  CHECK(pmath::erf(10.0f) == 1.0f);
  CHECK(pmath::erf(-10.0f) == -1.0f);
  CHECK(std::isnan(pmath::erf(std::numeric_limits<float>::quiet_NaN())));
  CHECK(pmath::tanh(30.0f) == 1.0f);
  CHECK(pmath::sigmoid(0.0f) == 0.5f);
}

// The kernels run sixteen lanes at a time, then four, then the tail through four (core/simd.h,
// "Sixteen lanes"); the scalar functions run one lane of four. Every width, the same bits.
TEST_CASE("pmath: a scalar call and a vector kernel give the same bits") {
  std::vector<Real> xs;
  for (int i = -300; i <= 300; ++i) xs.push_back(static_cast<Real>(i) / 37);  // 601 values: a tail too
  std::vector<Real> e = xs, t = xs, s = xs, g = xs;
  exp_inplace(e.data(), static_cast<Eigen::Index>(e.size()));
  tanh_inplace(t.data(), static_cast<Eigen::Index>(t.size()));
  sigmoid_inplace(s.data(), static_cast<Eigen::Index>(s.size()));
  gelu_inplace(g.data(), static_cast<Eigen::Index>(g.size()));
  for (size_t i = 0; i < xs.size(); ++i) {
    INFO("x = " << xs[i]);
    CHECK(e[i] == pmath::exp(xs[i]));
    CHECK(t[i] == pmath::tanh(xs[i]));
    CHECK(s[i] == pmath::sigmoid(xs[i]));
    CHECK(g[i] == Real(0.5) * xs[i] * (Real(1) + pmath::erf(xs[i] * static_cast<Real>(M_SQRT1_2))));
  }
}

// simd::exp takes floor(t) and the integer n + 127 from adding 1.5 * 2^23 (core/simd.h), not from
// float <-> int conversions. This is Cephes' expf written the plain way, one lane at a time, with
// std::floor and a cast: the same bits for every 251st float, all signs, NaNs and infinities.
static float cephes_exp_reference(float x) {
  x = x > -87.3f ? x : -87.3f;  // vmax, then vmin: a NaN becomes -87.3 as in the kernel
  x = x < 88.3f ? x : 88.3f;
  const float t = x * 1.44269504088896341f + 0.5f;
  const float n = std::floor(t);
  const float r = x - n * 0.693359375f - n * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  const int32_t bits = (static_cast<int32_t>(n) + 127) * (1 << 23);
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

TEST_CASE("simd::exp: the same bits as floor and an integer conversion would give") {
  int differing = 0;
  for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 4 * 251) {
    float x[4];
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const uint32_t b = static_cast<uint32_t>(u + lane * 251);
      std::memcpy(&x[lane], &b, sizeof b);
    }
    const simd::v4f got = simd::exp(simd::load(x));
    for (int lane = 0; lane < 4; ++lane) {
      const float want = cephes_exp_reference(x[lane]), have = got[lane];
      if (std::memcmp(&want, &have, sizeof want) != 0 && ++differing <= 5)
        FAIL_CHECK("x = " << x[lane] << ": " << have << " instead of " << want);
    }
  }
  CHECK(differing == 0);
}

// Softmax never hands a subnormal to what follows (layers/softmax.cpp): x86 multiplies subnormals
// through a microcode assist, and the sharp attention of a trained reader made its training 6-10x
// slower before weights and gradients below 1e-30 were stored as 0.
TEST_CASE("softmax: weights and gradients below 1e-30 are exactly 0, never subnormal") {
  // Scores 50, 80, 88, 100 and 200 below the maximum: exp floors at about FLT_MIN, and dividing by
  // the row's sum (> 1) would make that subnormal.
  Mat x(2, 6);
  x << 0, -50, -80, -88, -100, -200,  //
      0, 0, -80, -88, -100, -200;
  const Mat y = softmax_rows(x);
  const auto subnormal = [](Real v) { return std::fpclassify(v) == FP_SUBNORMAL; };
  for (Eigen::Index r = 0; r < y.rows(); ++r) {
    for (Eigen::Index c = 0; c < y.cols(); ++c) CHECK_FALSE(subnormal(y(r, c)));
    CHECK(y(r, 1) > 0);   // exp(-50) ~ 2e-22: kept
    CHECK(y(r, 3) == 0);  // ~1e-38: dropped
    CHECK(y(r, 5) == 0);
    CHECK(y.row(r).sum() == Approx(1.0).margin(1e-6));
  }
  // The backward's dx = y (dy - dot): a weight of 1e-27 times a gradient of 1e-12 is 1e-39,
  // subnormal, and so is every entry of that row; a weight of 1e-10 gives 1e-22, kept.
  Mat w(2, 3), dy = Mat::Zero(2, 3);
  w << 1e-27f, 0.5f, 0.5f,  //
      1e-10f, 0.5f, 0.5f;
  dy(0, 0) = dy(1, 0) = 1e-12f;
  const Mat dx = softmax_rows_backward(w, dy);
  for (Eigen::Index c = 0; c < dx.cols(); ++c) {
    CHECK_FALSE(subnormal(dx(0, c)));
    CHECK(dx(0, c) == 0);
  }
  CHECK(dx(1, 0) == Approx(1e-22).epsilon(1e-4));
}
