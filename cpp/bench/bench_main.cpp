// Forward passes of demo-sized models, timed inside the process. The same source is compiled
// natively and to WebAssembly (run by Node); scripts/bench runs the builds side by side and prints
// the ratios. Output: one JSON object per workload on stdout.
//
//   lstm_additive: RnnAttention, LSTM encoder E=64, D=128, T=32, one additive-attention step
//   mha:           one multi-head self-attention layer, D=64, H=2, T=32
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "layers/multihead_attention.h"
#include "models/rnn_attention.h"

using namespace attnlab;

namespace {

double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Median-of-batches time per call: each batch runs fn `per_batch` times.
template <class F>
double time_per_call(F&& fn, int batches, int per_batch) {
  std::vector<double> t;
  for (int b = 0; b < batches; ++b) {
    const double start = now_us();
    for (int i = 0; i < per_batch; ++i) fn();
    t.push_back((now_us() - start) / per_batch);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

volatile float g_sink = 0;  // keeps results alive so the optimizer cannot drop the work

}  // namespace

int main(int argc, char** argv) {
  const int batches = argc > 1 ? std::atoi(argv[1]) : 15;
  const int per_batch = argc > 2 ? std::atoi(argv[2]) : 40;
  Rng rng(1);

  const nlohmann::json cfg = {{"architecture", "rnn_attention"},
                              {"vocab_size", 1000},
                              {"embed_dim", 64},
                              {"hidden_size", 128},
                              {"attn_dim", 128},
                              {"cell", "lstm"},
                              {"score", "additive"},
                              {"output_size", 32}};
  RnnAttention lstm_model(cfg);
  lstm_model.init(rng);
  std::vector<int> ids(32);
  for (int t = 0; t < 32; ++t) ids[t] = static_cast<int>(rng.below(1000));
  const double lstm_us = time_per_call(
      [&] { g_sink = g_sink + lstm_model.forward_ids(ids).tensors.back().value(0, 0); }, batches, per_batch);

  MultiheadAttention mha(64, 2);
  mha.init(rng);
  Mat x(32, 64);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = static_cast<Real>(rng.uniform(-1, 1));
  MultiheadAttention::Trace tr;
  const double mha_us = time_per_call([&] { g_sink = g_sink + mha.forward(x, false, tr)(0, 0); }, batches, per_batch);

  std::printf("{\"workload\": \"lstm_additive\", \"us_per_forward\": %.3f}\n", lstm_us);
  std::printf("{\"workload\": \"mha\", \"us_per_forward\": %.3f}\n", mha_us);
  return 0;
}
