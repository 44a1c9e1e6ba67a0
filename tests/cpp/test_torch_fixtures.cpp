// Tier 2: every layer, the optimizer and every model architecture against what PyTorch computes.
//
// The fixtures are made by scripts/make_fixtures.py (run with /usr/bin/python3, Debian's
// python3-torch). A layer fixture holds the inputs, the weights under their state_dict names, the
// outputs, an upstream gradient `dout` (R) and PyTorch's gradients of loss = sum(out .* R) as
// `grad.<name>`. Each test loads the weights into the engine layer, runs forward and backward with
// dout = R, and requires every element to match within 1e-5 absolute (float32).
//
// The model folders under fixtures/models/ were written by PyTorch too; their outputs must come
// back the same from Model::forward_text and from `attnlab forward DIR --text ... --json`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
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
#include "train/adam.h"

using namespace attnlab;

static_assert(std::is_same<Real, float>::value, "the PyTorch fixtures are float32: build with the float engine");

namespace {

constexpr double kTol = 1e-5;  // absolute, per element

std::string fixtures_dir() { return ATTNLAB_FIXTURES_DIR; }

std::string shape_text(const Shape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + ")";
}

// The index of flat element i of a row-major tensor of the given shape, as "[2, 0, 3]".
std::string index_text(const Shape& shape, size_t flat) {
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
void expect_close(const std::string& where, const std::string& tensor, const std::vector<double>& got,
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

std::vector<double> flat(const Mat& m) { return std::vector<double>(m.data(), m.data() + m.size()); }

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
  fx.expect("c_n", Mat(cache.steps.back().c));
  RowVec dh0, dc0;
  fx.expect("grad.input", lstm.backward(cache, fx.mat("dout"), &dh0, &dc0));
  fx.expect("grad.h0", Mat(dh0));
  fx.expect("grad.c0", Mat(dc0));
  expect_param_grads(lstm, fx);
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

// ---------------------------------------------------------------------------------------------
// Whole models written by PyTorch

namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

// Expected tensors other than the maps and the ids are trace tensors, named as the engine names them.
std::vector<std::string> trace_tensor_names(const Fixture& expected) {
  std::vector<std::string> names;
  for (const TensorData& t : expected.file().tensors)
    if (t.name != "ids" && t.name.rfind("map.", 0) != 0) names.push_back(t.name);
  return names;
}

size_t map_count(const Fixture& expected) {
  size_t n = 0;
  while (expected.file().find("map." + std::to_string(n) + ".weights")) ++n;
  return n;
}

std::vector<double> json_numbers(const nlohmann::json& a) {
  std::vector<double> out;
  for (const auto& v : a) out.push_back(v.get<double>());
  return out;
}

void check_model_folder(const std::string& name) {
  const std::string dir = fixtures_dir() + "/models/" + name;
  const Fixture expected(name + " (expected.safetensors)", dir + "/expected.safetensors");
  const std::string text = trim(read_text_file(dir + "/input.txt"));
  const std::vector<int> ids = expected.ints("ids");
  const size_t n_maps = map_count(expected);
  const std::vector<std::string> tensors = trace_tensor_names(expected);
  REQUIRE(n_maps > 0);
  REQUIRE(std::find(tensors.begin(), tensors.end(), "logits") != tensors.end());
  REQUIRE(std::find_if(tensors.begin(), tensors.end(),
                       [](const std::string& t) { return t == "hidden" || t == "layer0.output"; }) != tensors.end());

  SECTION("load_model_dir + forward_text") {
    const LoadedModel lm = load_model_dir(dir);
    const ForwardTrace tr = lm.model->forward_text(text);
    REQUIRE(tr.ids == ids);
    // Each sentence has exactly one word outside the vocabulary.
    REQUIRE(std::count(tr.unknown.begin(), tr.unknown.end(), true) == 1);
    REQUIRE(tr.maps.size() == n_maps);
    for (size_t i = 0; i < n_maps; ++i) {
      const std::string m = "map." + std::to_string(i);
      expected.expect(m + ".scores", tr.maps[i].scores);
      expected.expect(m + ".weights", tr.maps[i].weights);
    }
    for (const std::string& t : tensors) {
      const auto it =
          std::find_if(tr.tensors.begin(), tr.tensors.end(), [&](const NamedTensor& nt) { return nt.name == t; });
      INFO(name << ": the engine's trace has no tensor \"" << t << "\"");
      REQUIRE(it != tr.tensors.end());
      expected.expect(t, it->value);
    }
  }

  SECTION("attnlab forward --json prints the numbers PyTorch computed") {
    std::ostringstream out, err;
    const int code = run_cli({"forward", dir, "--text", text, "--json"}, out, err);
    INFO(name << ": stderr: " << err.str());
    REQUIRE(code == 0);
    const nlohmann::json j = nlohmann::json::parse(out.str());
    REQUIRE(j.at("ok").get<bool>());
    REQUIRE(j.at("ids").get<std::vector<int>>() == ids);
    REQUIRE(j.at("maps").size() == n_maps);
    for (size_t i = 0; i < n_maps; ++i) {
      const std::string m = "map." + std::to_string(i);
      expected.expect(m + ".scores", json_numbers(j["maps"][i].at("scores")));
      expected.expect(m + ".weights", json_numbers(j["maps"][i].at("weights")));
    }
    for (const std::string& t : tensors) {
      const nlohmann::json* found = nullptr;
      for (const auto& jt : j.at("tensors"))
        if (jt.at("name") == t) found = &jt;
      INFO(name << ": the CLI's JSON has no tensor \"" << t << "\"");
      REQUIRE(found != nullptr);
      expected.expect(t, json_numbers(found->at("data")));
    }
  }
}

}  // namespace

TEST_CASE("torch: model folder attention_encoder (sinusoidal, full attention)", "[torch][model]") {
  check_model_folder("attention_encoder");
}

TEST_CASE("torch: model folder attention_encoder_causal_learned (learned positions, causal)", "[torch][model]") {
  check_model_folder("attention_encoder_causal_learned");
}

TEST_CASE("torch: model folder rnn_attention_lstm (additive)", "[torch][model]") {
  check_model_folder("rnn_attention_lstm");
}

TEST_CASE("torch: model folder rnn_attention_gru (dot)", "[torch][model]") { check_model_folder("rnn_attention_gru"); }

TEST_CASE("torch: model folder rnn_attention_rnn (general)", "[torch][model]") {
  check_model_folder("rnn_attention_rnn");
}

TEST_CASE("torch: model folder transformer (2 layers, sinusoidal, relu, bidirectional)", "[torch][model]") {
  check_model_folder("transformer");
}

TEST_CASE("torch: model folder transformer_causal_gelu (2 layers, no positions, gelu, causal)", "[torch][model]") {
  check_model_folder("transformer_causal_gelu");
}

TEST_CASE("torch: transformer loss_and_backward gives PyTorch's loss and gradients", "[torch][model]") {
  for (const char* name : {"transformer", "transformer_causal_gelu"}) {
    const Fixture fx(std::string(name) + "_grads");
    LoadedModel lm = load_model_dir(fixtures_dir() + "/models/" + name);
    REQUIRE(dynamic_cast<Transformer*>(lm.model.get()) != nullptr);
    lm.model->for_each_param([](const std::string&, Param& p) { p.zero_grad(); });
    const double loss = lm.model->loss_and_backward({fx.ints("ids"), fx.ints("targets")});
    fx.expect("loss", std::vector<double>{loss});
    int n = 0;
    lm.model->for_each_param([&](const std::string& t, Param& p) {
      fx.expect("grad." + t, p.grad);
      ++n;
    });
    CHECK(n == 1 + 2 * 12 + 2);  // embedding, 2 layers of 12 tensors, head
  }
}
