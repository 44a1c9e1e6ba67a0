// Forward passes of demo-sized models, timed inside the process. The same source is compiled
// natively and to WebAssembly (run by Node); scripts/bench runs the builds side by side and prints
// the ratios. Output: one JSON object per workload on stdout.
//
//   lstm_additive: RnnAttention, LSTM encoder E=64, D=128, T=32, one additive-attention step
//   mha:           one multi-head self-attention layer, D=64, H=2, T=32
// and training steps (forward, backward and Adam over a batch of 16) of the training lab's models:
//   train_seq2seq:     Seq2Seq E=16, D=64, additive attention, the reverse task, lengths 5-12
//   train_transformer: a causal 2-layer Transformer d=64, 2 heads, on random 24-token sequences
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "layers/multihead_attention.h"
#include "models/rnn_attention.h"
#include "train/lab.h"

using namespace attnlab;

namespace {

double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Median-of-batches time per call: each batch runs fn `per_batch` times, after as many untimed
// batches. The warm-up is for WebAssembly: V8 runs a function's first calls on its baseline
// compiler (Liftoff) and swaps in optimized code only once the function has run hot and its
// background compilation has finished. On the shared 2-core machine the training steps' first
// batches of 10 ran several times slower than later ones (the first up to 15x) and settled only
// after four or five, so without the warm-up the median of five batches timed mostly baseline code.
// Native code has no such phase.
template <class F>
double time_per_call(F&& fn, int batches, int per_batch) {
  for (int b = 0; b < batches; ++b)
    for (int i = 0; i < per_batch; ++i) fn();
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

  // Training steps: one call is one optimizer step over a batch of 16.
  LabRun lab(
      {{"model", {{"architecture", "seq2seq"}, {"embed_dim", 16}, {"hidden_size", 64}, {"attention", "additive"}}},
       {"task", {{"kind", "reverse"}, {"min_len", 5}, {"max_len", 12}, {"symbols", 10}, {"n_eval", 1}}},
       {"batch_size", 16},
       {"lr", 0.01},
       {"seed", 1}});
  const int train_batches = std::max(3, batches / 3);
  const double seq2seq_us = time_per_call([&] { g_sink = g_sink + static_cast<float>(lab.step()); }, train_batches, 10);

  const nlohmann::json tf_cfg = {{"architecture", "transformer"},
                                 {"vocab_size", 64},
                                 {"d_model", 64},
                                 {"n_head", 2},
                                 {"n_layer", 2},
                                 {"d_ff", 128},
                                 {"max_len", 32},
                                 {"objective", "lm"},
                                 {"causal", true},
                                 {"positional", "sinusoidal"}};
  std::unique_ptr<Model> tf = build_model(tf_cfg);
  LoopConfig loop;
  loop.batch_size = 16;
  TrainSession session(*tf, loop);
  Rng data(7);
  Example ex;
  const auto next = [&]() -> const Example& {
    ex.ids.assign(24, 0);
    for (int& id : ex.ids) id = static_cast<int>(data.below(64));
    ex.targets.assign(ex.ids.begin() + 1, ex.ids.end());
    ex.targets.push_back(0);
    return ex;
  };
  const double tf_us =
      time_per_call([&] { g_sink = g_sink + static_cast<float>(session.step(next)); }, train_batches, 5);

  std::printf("{\"workload\": \"lstm_additive\", \"us_per_forward\": %.3f}\n", lstm_us);
  std::printf("{\"workload\": \"mha\", \"us_per_forward\": %.3f}\n", mha_us);
  std::printf("{\"workload\": \"train_seq2seq\", \"us_per_forward\": %.3f}\n", seq2seq_us);
  std::printf("{\"workload\": \"train_transformer\", \"us_per_forward\": %.3f}\n", tf_us);
  return 0;
}
