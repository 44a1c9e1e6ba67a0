// Tier 2: every layer, the optimizer and every model architecture against what PyTorch computes.
//
// The fixtures are made by scripts/make_fixtures.py (run with /usr/bin/python3, Debian's
// python3-torch). A layer fixture holds the inputs, the weights under their state_dict names, the
// outputs, an upstream gradient `dout` (R) and PyTorch's gradients of loss = sum(out .* R) as
// `grad.<name>`. Each test loads the weights into the engine layer, runs forward and backward with
// dout = R, and requires every element to match within 1e-5 absolute (float32).
//
// The model folders under fixtures/models/ are checked by test_torch_models.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "core/matmul.h"
#include "io/model_io.h"
#include "io/safetensors.h"
#include "layers/activations.h"
#include "layers/align.h"
#include "layers/cross_entropy.h"
#include "layers/embedding.h"
#include "layers/gru.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/lstm.h"
#include "layers/multihead_attention.h"
#include "layers/simple_rnn.h"
#include "layers/softmax.h"
#include "layers/transformer_encoder_layer.h"
#include "models/transformer.h"
#include "torch_fixture.h"
#include "train/adam.h"

using namespace attnlab;

namespace {

Mask mask_from(const Mat& allowed) { return (allowed.array() > Real(0.5)); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Layers

TEST_CASE("torch: nn.Linear", "[torch]") {
  for (const char* name : {"linear_bias", "linear_nobias"}) {
    const Fixture fx(name);
    const Mat x = fx.mat("input");
    const bool bias = fx.file().find("bias") != nullptr;
    Linear lin(static_cast<int>(x.cols()), static_cast<int>(fx.mat("weight").rows()), bias);
    set_params(lin, fx);
    fx.expect("out", lin.forward(x));
    fx.expect("grad.input", lin.backward(x, fx.mat("dout")));
    expect_param_grads(lin, fx);
  }
}

TEST_CASE("torch: nn.Embedding with repeated ids", "[torch]") {
  const Fixture fx("embedding");
  const Mat w = fx.mat("weight");
  Embedding emb(static_cast<int>(w.rows()), static_cast<int>(w.cols()));
  set_params(emb, fx);
  const std::vector<int> ids = fx.ints("ids");
  fx.expect("out", emb.forward(ids));
  emb.backward(ids, fx.mat("dout"));
  expect_param_grads(emb, fx);
}

TEST_CASE("torch: nn.LayerNorm", "[torch]") {
  const Fixture fx("layernorm");
  const Mat x = fx.mat("input");
  LayerNorm ln(static_cast<int>(x.cols()));
  set_params(ln, fx);
  LayerNorm::Cache cache;
  fx.expect("out", ln.forward(x, cache));
  fx.expect("grad.input", ln.backward(cache, fx.mat("dout")));
  expect_param_grads(ln, fx);
}

TEST_CASE("torch: F.cross_entropy with ignore_index", "[torch]") {
  const Fixture fx("cross_entropy");
  const Mat logits = fx.mat("logits");
  const std::vector<int> targets = fx.ints("targets");
  REQUIRE(std::count(targets.begin(), targets.end(), kIgnoreIndex) == 1);
  const CrossEntropyResult ce = cross_entropy(logits, targets);
  fx.expect("log_softmax", log_softmax_rows(logits));
  fx.expect("loss", std::vector<double>{ce.loss});
  fx.expect("grad.logits", ce.dlogits);
  REQUIRE(ce.counted == static_cast<int>(targets.size()) - 1);
}

TEST_CASE("torch: nn.RNN (tanh) from a non-zero h0", "[torch]") {
  const Fixture fx("rnn");
  const Mat x = fx.mat("input");
  const RowVec h0 = fx.row("h0");
  SimpleRnn rnn(static_cast<int>(x.cols()), static_cast<int>(h0.size()));
  set_params(rnn, fx);
  SimpleRnn::Cache cache;
  const Mat out = rnn.forward(x, h0, cache);
  fx.expect("out", out);
  fx.expect("h_n", Mat(out.bottomRows(1)));
  RowVec dh0;
  fx.expect("grad.input", rnn.backward(cache, fx.mat("dout"), &dh0));
  fx.expect("grad.h0", Mat(dh0));
  expect_param_grads(rnn, fx);
}

TEST_CASE("torch: nn.LSTM from non-zero h0 and c0", "[torch]") {
  const Fixture fx("lstm");
  const Mat x = fx.mat("input");
  const RowVec h0 = fx.row("h0"), c0 = fx.row("c0");
  Lstm lstm(static_cast<int>(x.cols()), static_cast<int>(h0.size()));
  set_params(lstm, fx);
  Lstm::Cache cache;
  const Mat out = lstm.forward(x, h0, c0, cache);
  fx.expect("out", out);
  fx.expect("h_n", Mat(out.bottomRows(1)));
  fx.expect("c_n", Mat(cache.c.bottomRows(1)));
  RowVec dh0, dc0;
  fx.expect("grad.input", lstm.backward(cache, fx.mat("dout"), &dh0, &dc0));
  fx.expect("grad.h0", Mat(dh0));
  fx.expect("grad.c0", Mat(dc0));
  expect_param_grads(lstm, fx);
}

TEST_CASE("Lstm: the cache holds each step's starting states and gates, as backward reads them") {
  // forward() writes every step into the cache's rows (one matrix per quantity): each row must be
  // that step's, chained to the step before, and h = o tanh(c), c = f c_prev + i g to the bit.
  const Fixture fx("lstm");
  const Mat x = fx.mat("input");
  const RowVec h0 = fx.row("h0"), c0 = fx.row("c0");
  const Eigen::Index D = h0.size();
  Lstm lstm(static_cast<int>(x.cols()), static_cast<int>(D));
  set_params(lstm, fx);
  Lstm::Cache cache;
  const Mat out = lstm.forward(x, h0, c0, cache);
  CHECK((cache.x.array() == x.array()).all());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    INFO("step " << t);
    const RowVec h_prev = t ? RowVec(out.row(t - 1)) : h0, c_prev = t ? RowVec(cache.c.row(t - 1)) : c0;
    CHECK((cache.h_prev.row(t).array() == h_prev.array()).all());
    CHECK((cache.c_prev.row(t).array() == c_prev.array()).all());
    const auto act = cache.act.row(t);
    const RowVec c =
        act.segment(D, D).array() * c_prev.array() + act.segment(0, D).array() * act.segment(2 * D, D).array();
    CHECK((cache.c.row(t).array() == c.array()).all());
    RowVec tanh_c = c;
    tanh_inplace(tanh_c.data(), D);
    CHECK((cache.tanh_c.row(t).array() == tanh_c.array()).all());
    CHECK((out.row(t).array() == (act.segment(3 * D, D).array() * tanh_c.array())).all());
  }
}

TEST_CASE("torch: nn.GRU from a non-zero h0", "[torch]") {
  const Fixture fx("gru");
  const Mat x = fx.mat("input");
  const RowVec h0 = fx.row("h0");
  Gru gru(static_cast<int>(x.cols()), static_cast<int>(h0.size()));
  set_params(gru, fx);
  Gru::Cache cache;
  const Mat out = gru.forward(x, h0, cache);
  fx.expect("out", out);
  fx.expect("h_n", Mat(out.bottomRows(1)));
  RowVec dh0;
  fx.expect("grad.input", gru.backward(cache, fx.mat("dout"), &dh0));
  fx.expect("grad.h0", Mat(dh0));
  expect_param_grads(gru, fx);
}

TEST_CASE("torch: nn.MultiheadAttention self-attention, full and causal", "[torch]") {
  for (const char* name : {"mha_full", "mha_causal"}) {
    const bool causal = std::string(name) == "mha_causal";
    const Fixture fx(name);
    const Mat x = fx.mat("input");
    const int D = static_cast<int>(x.cols()), T = static_cast<int>(x.rows());
    const Mat want_weights = fx.mat("weights");  // (H*T, T)
    const int H = static_cast<int>(want_weights.rows()) / T;
    MultiheadAttention mha(D, H);
    set_params(mha, fx);
    MultiheadAttention::Trace tr;
    fx.expect("out", mha.forward(x, causal, tr));
    Mat scores(H * T, T), weights(H * T, T);
    for (int h = 0; h < H; ++h) {
      scores.middleRows(h * T, T) = tr.scores[h];
      weights.middleRows(h * T, T) = tr.weights[h];
    }
    fx.expect("scores", scores);
    fx.expect("weights", weights);
    fx.expect("grad.input", mha.backward(tr, fx.mat("dout")));
    expect_param_grads(mha, fx);
  }
}

TEST_CASE("torch: nn.TransformerEncoderLayer (relu full, gelu causal)", "[torch]") {
  for (const char* name : {"transformer_layer_relu", "transformer_layer_gelu_causal"}) {
    const bool causal = std::string(name) == "transformer_layer_gelu_causal";
    const Fixture fx(name);
    const Mat x = fx.mat("input");
    const int D = static_cast<int>(x.cols()), T = static_cast<int>(x.rows());
    const int H = static_cast<int>(fx.mat("weights").rows()) / T;
    const int F = static_cast<int>(fx.mat("linear1.weight").rows());
    TransformerEncoderLayer layer(D, H, F, /*gelu=*/causal);
    set_params(layer, fx);
    TransformerEncoderLayer::Cache cache;
    fx.expect("out", layer.forward(x, causal, cache));
    Mat scores(H * T, T), weights(H * T, T);
    for (int h = 0; h < H; ++h) {
      scores.middleRows(h * T, T) = cache.attn.scores[h];
      weights.middleRows(h * T, T) = cache.attn.weights[h];
    }
    fx.expect("scores", scores);
    fx.expect("weights", weights);
    fx.expect("grad.input", layer.backward(cache, fx.mat("dout")));
    expect_param_grads(layer, fx);
  }
}

TEST_CASE("torch: align functions (additive, dot, scaled_dot, general, additive with sigmoid)", "[torch]") {
  for (const char* name :
       {"align_additive", "align_dot", "align_scaled_dot", "align_general", "align_additive_sigmoid"}) {
    const Fixture fx(name);
    const Score kind = choice_from_name(fx.file().metadata.at("kind").get<std::string>(), kAlignScores, "kind");
    const Normalization norm =
        choice_from_name(fx.file().metadata.at("normalization").get<std::string>(), kNormalizations, "normalization");
    const int attn_dim = std::stoi(fx.file().metadata.at("attn_dim").get<std::string>());
    const Mat keys = fx.mat("keys"), queries = fx.mat("queries");
    Align align(kind, norm, static_cast<int>(keys.cols()), static_cast<int>(queries.cols()), attn_dim);
    set_params(align, fx);
    Align::Cache cache;
    const Align::Result res = align.forward(keys, queries, nullptr, cache);
    fx.expect("scores", res.scores);
    fx.expect("weights", res.weights);
    Mat dkeys, dqueries;
    align.backward(cache, fx.mat("dout"), dkeys, dqueries);
    fx.expect("grad.keys", dkeys);
    fx.expect("grad.queries", dqueries);
    expect_param_grads(align, fx);
  }
}

TEST_CASE("torch: activations (GELU exact, sigmoid, tanh, ReLU, softmax)", "[torch]") {
  using Fn = std::function<Mat(const Mat&)>;
  using Grad = std::function<Mat(const Mat& x, const Mat& y, const Mat& dy)>;
  struct Case {
    const char* name;
    Fn forward;
    Grad backward;
  };
  const std::vector<Case> cases = {
      {"gelu", gelu_forward, [](const Mat& x, const Mat&, const Mat& dy) { return gelu_backward(x, dy); }},
      {"sigmoid", sigmoid_forward, [](const Mat&, const Mat& y, const Mat& dy) { return sigmoid_backward(y, dy); }},
      {"tanh", tanh_forward, [](const Mat&, const Mat& y, const Mat& dy) { return tanh_backward(y, dy); }},
      {"relu", relu_forward, [](const Mat& x, const Mat&, const Mat& dy) { return relu_backward(x, dy); }},
      {"softmax", [](const Mat& x) { return softmax_rows(x); },
       [](const Mat&, const Mat& y, const Mat& dy) { return softmax_rows_backward(y, dy); }},
  };
  for (const Case& c : cases) {
    const Fixture fx(c.name);
    const Mat x = fx.mat("input");
    const Mat y = c.forward(x);
    fx.expect("out", y);
    fx.expect("grad.input", c.backward(x, y, fx.mat("dout")));
  }
}

TEST_CASE("torch: softmax under a causal mask", "[torch]") {
  const Fixture fx("softmax_causal");
  const Mat x = fx.mat("input");
  const Mask mask = mask_from(fx.mat("allowed"));
  REQUIRE((mask == causal_mask(static_cast<int>(x.rows()))).all());
  const Mat y = softmax_rows(x, &mask);
  fx.expect("out", y);
  fx.expect("grad.input", softmax_rows_backward(y, fx.mat("dout")));
}

TEST_CASE("torch: AdamW with clip_grad_norm_", "[torch]") {
  const Fixture fx("adamw");
  const nlohmann::json& meta = fx.file().metadata;
  AdamConfig cfg;
  cfg.lr = std::stod(meta.at("lr").get<std::string>());
  cfg.weight_decay = std::stod(meta.at("weight_decay").get<std::string>());
  cfg.clip_norm = std::stod(meta.at("max_norm").get<std::string>());
  cfg.eps = std::stod(meta.at("eps").get<std::string>());
  REQUIRE(meta.at("betas").get<std::string>() == "0.9,0.999");
  const int steps = std::stoi(meta.at("steps").get<std::string>());
  Param a = Param::matrix(3, 4), b = Param::vector(5);
  a.value = fx.mat("param.a");
  b.value = fx.mat("param.b");
  REQUIRE(a.value.rows() == 3);
  REQUIRE(b.value.cols() == 5);
  Adam adam({&a, &b}, cfg);
  int clipped = 0;
  for (int s = 0; s < steps; ++s) {
    const std::string k = std::to_string(s);
    a.grad = fx.mat("grad." + k + ".a");
    b.grad = fx.mat("grad." + k + ".b");
    const double norm = adam.step();
    if (norm > cfg.clip_norm) ++clipped;
    fx.expect("norm." + k, std::vector<double>{norm});
    fx.expect("step." + k + ".a", a.value);
    fx.expect("step." + k + ".b", b.value);
  }
  // The fixture has steps whose gradient norm is above max_norm and steps below it.
  REQUIRE(clipped > 0);
  REQUIRE(clipped < steps);
}
