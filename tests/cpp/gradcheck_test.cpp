// Tier 1: every layer's backward against central finite differences, in double.
//
// Each check builds a loss L = sum(out .* R) for a fixed random R, runs the layer's backward with
// dout = R, and compares every parameter and every input gradient element with
// (L(x + eps) - L(x - eps)) / (2 eps). Shapes are deliberately odd (5x7, 13x3, ...).
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "gradcheck_model.h"
#include "layers/activations.h"
#include "layers/align.h"
#include "layers/cross_entropy.h"
#include "layers/embedding.h"
#include "layers/gru.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/lstm.h"
#include "layers/multihead_attention.h"
#include "layers/positional.h"
#include "layers/simple_rnn.h"
#include "layers/softmax.h"
#include "layers/transformer_encoder_layer.h"
#include "models/attention_encoder.h"
#include "models/rnn_attention.h"
#include "models/rnn_lm.h"
#include "models/rnn_self_attention.h"
#include "models/seq2seq.h"
#include "models/transformer.h"

using namespace attnlab;

static_assert(std::is_same<Real, double>::value, "gradient checks must be built with ATTNLAB_REAL_DOUBLE");

namespace {

Mat random_mat(Rng& rng, int rows, int cols, double scale = 1.0) {
  Mat m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = rng.uniform(-scale, scale);
  return m;
}

// What the checker may perturb: the value's storage, and where backward left its gradient.
struct Target {
  std::string name;
  Real* value;
  Eigen::Index size;
  std::function<const Real*()> grad;  // read after backward ran
};

class GradCheck {
 public:
  explicit GradCheck(uint64_t seed = 7) : rng_(seed) {}

  // Every parameter a layer visits becomes a target, zeroed before backward.
  template <class Layer>
  void add_params(Layer& layer, const std::string& prefix = "") {
    layer.for_each_param(prefix, [this](const std::string& name, Param& p) {
      params_.push_back(&p);
      targets_.push_back({name, p.value.data(), p.value.size(), [&p] { return p.grad.data(); }});
    });
  }
  // An input and the variable its backward writes its gradient into.
  template <class V, class G>
  void add_input(const std::string& name, V& value, G& grad) {
    targets_.push_back({name, value.data(), value.size(), [&grad, &value, name]() -> const Real* {
                          REQUIRE(grad.size() == value.size());
                          return grad.data();
                        }});
  }

  Rng& rng() { return rng_; }

  // forward() -> output; backward(dout) runs the layer's backward, leaving grads where targets point.
  void run(const std::function<Mat()>& forward, const std::function<void(const Mat&)>& backward, double tol = 1e-6,
           double eps = 1e-5) {
    const Mat out0 = forward();
    const Mat R = random_mat(rng_, static_cast<int>(out0.rows()), static_cast<int>(out0.cols()));
    const auto loss = [&] { return (forward().array() * R.array()).sum(); };
    for (Param* p : params_) p->zero_grad();
    forward();
    backward(R);
    std::vector<std::vector<Real>> analytic;
    for (const Target& t : targets_) {
      const Real* g = t.grad();
      analytic.emplace_back(g, g + t.size);
    }
    int checked = 0;
    for (size_t k = 0; k < targets_.size(); ++k) {
      const Target& t = targets_[k];
      for (Eigen::Index i = 0; i < t.size; ++i) {
        const Real saved = t.value[i];
        t.value[i] = saved + eps;
        const double lp = loss();
        t.value[i] = saved - eps;
        const double lm = loss();
        t.value[i] = saved;
        const double numeric = (lp - lm) / (2 * eps);
        const double a = analytic[k][i];
        const double err = std::abs(a - numeric) / std::max(1.0, std::abs(a) + std::abs(numeric));
        if (err > tol) {
          INFO(t.name << "[" << i << "]: analytic " << a << ", numeric " << numeric);
          CHECK(err <= tol);
        }
        ++checked;
      }
    }
    REQUIRE(checked > 0);
  }

 private:
  Rng rng_;
  std::vector<Param*> params_;
  std::vector<Target> targets_;
};

}  // namespace

TEST_CASE("Linear", "[gradcheck]") {
  for (auto [n, in, out] : {std::tuple{5, 7, 3}, std::tuple{13, 3, 4}, std::tuple{1, 1, 1}}) {
    GradCheck gc;
    Linear lin(in, out);
    lin.init(gc.rng());
    Mat x = random_mat(gc.rng(), n, in), dx;
    gc.add_params(lin, "linear");
    gc.add_input("x", x, dx);
    gc.run([&] { return lin.forward(x); }, [&](const Mat& dy) { dx = lin.backward(x, dy); });
  }
  GradCheck gc;
  Linear no_bias(7, 5, false);
  no_bias.init(gc.rng());
  Mat x = random_mat(gc.rng(), 5, 7), dx;
  gc.add_params(no_bias);
  gc.add_input("x", x, dx);
  gc.run([&] { return no_bias.forward(x); }, [&](const Mat& dy) { dx = no_bias.backward(x, dy); });
}

TEST_CASE("Embedding", "[gradcheck]") {
  GradCheck gc;
  Embedding emb(11, 5);
  emb.init(gc.rng());
  const std::vector<int> ids = {3, 0, 10, 3, 7, 3, 1};  // repeated ids must accumulate
  gc.add_params(emb, "embedding");
  gc.run([&] { return emb.forward(ids); }, [&](const Mat& dy) { emb.backward(ids, dy); });
}

TEST_CASE("activations", "[gradcheck]") {
  struct Act {
    const char* name;
    Mat (*fwd)(const Mat&);
    bool backward_takes_output;
    Mat (*bwd)(const Mat&, const Mat&);
  };
  for (const Act& a :
       {Act{"tanh", tanh_forward, true, tanh_backward}, Act{"sigmoid", sigmoid_forward, true, sigmoid_backward},
        Act{"relu", relu_forward, false, relu_backward}, Act{"gelu", gelu_forward, false, gelu_backward}}) {
    INFO(a.name);
    GradCheck gc;
    Mat x = random_mat(gc.rng(), 5, 7, 3.0), dx;
    gc.add_input("x", x, dx);
    gc.run([&] { return a.fwd(x); }, [&](const Mat& dy) { dx = a.bwd(a.backward_takes_output ? a.fwd(x) : x, dy); });
  }
}

TEST_CASE("softmax and sigmoid normalization, with and without mask", "[gradcheck]") {
  for (Normalization kind : {Normalization::Softmax, Normalization::Sigmoid}) {
    for (bool masked : {false, true}) {
      INFO(to_string(kind) << (masked ? " masked" : ""));
      GradCheck gc;
      Mat x = random_mat(gc.rng(), 7, 7, 4.0), dx;
      const Mask mask = causal_mask(7);
      gc.add_input("x", x, dx);
      gc.run([&] { return normalize_rows(kind, x, masked ? &mask : nullptr); },
             [&](const Mat& dy) {
               dx = normalize_rows_backward(kind, normalize_rows(kind, x, masked ? &mask : nullptr), dy);
             });
    }
  }
}

TEST_CASE("LayerNorm", "[gradcheck]") {
  for (auto [n, d] : {std::pair{5, 7}, std::pair{13, 3}}) {
    GradCheck gc;
    LayerNorm ln(d);
    ln.weight.value = random_mat(gc.rng(), 1, d);
    ln.bias.value = random_mat(gc.rng(), 1, d);
    Mat x = random_mat(gc.rng(), n, d, 2.0), dx;
    LayerNorm::Cache cache;
    gc.add_params(ln, "norm");
    gc.add_input("x", x, dx);
    gc.run([&] { return ln.forward(x, cache); }, [&](const Mat& dy) { dx = ln.backward(cache, dy); });
  }
}

TEST_CASE("cross-entropy over logits", "[gradcheck]") {
  GradCheck gc;
  Mat logits = random_mat(gc.rng(), 6, 11, 3.0), dlogits;
  const std::vector<int> targets = {0, 10, kIgnoreIndex, 4, 4, 7};
  gc.add_input("logits", logits, dlogits);
  // The loss is a scalar: present it as a (1, 1) output so the checker's R scales it.
  gc.run([&] { return Mat::Constant(1, 1, cross_entropy(logits, targets).loss); },
         [&](const Mat& dy) { dlogits = cross_entropy(logits, targets).dlogits * dy(0, 0); });
}

TEST_CASE("SimpleRNN over a sequence and step by step", "[gradcheck]") {
  for (auto [T, E, D] : {std::tuple{5, 7, 3}, std::tuple{13, 3, 4}, std::tuple{1, 2, 2}}) {
    GradCheck gc;
    SimpleRnn rnn(E, D);
    rnn.init(gc.rng());
    Mat x = random_mat(gc.rng(), T, E), dx;
    RowVec h0 = random_mat(gc.rng(), 1, D), dh0;
    SimpleRnn::Cache cache;
    gc.add_params(rnn, "rnn");
    gc.add_input("x", x, dx);
    gc.add_input("h0", h0, dh0);
    gc.run([&] { return rnn.forward(x, h0, cache); }, [&](const Mat& dH) { dx = rnn.backward(cache, dH, &dh0); });
  }
  GradCheck gc;
  SimpleRnn rnn(5, 3);
  rnn.init(gc.rng());
  RowVec x = random_mat(gc.rng(), 1, 5), h = random_mat(gc.rng(), 1, 3), dx, dh;
  SimpleRnn::Step s;
  gc.add_params(rnn);
  gc.add_input("x", x, dx);
  gc.add_input("h_prev", h, dh);
  gc.run([&] { return Mat(rnn.step(x, h, s)); }, [&](const Mat& d) { rnn.step_backward(s, d, dx, dh); });
}

TEST_CASE("LSTM over a sequence and step by step", "[gradcheck]") {
  for (auto [T, E, D] : {std::tuple{5, 7, 3}, std::tuple{13, 3, 4}}) {
    GradCheck gc;
    Lstm lstm(E, D);
    lstm.init(gc.rng());
    Mat x = random_mat(gc.rng(), T, E), dx;
    RowVec h0 = random_mat(gc.rng(), 1, D), c0 = random_mat(gc.rng(), 1, D), dh0, dc0;
    Lstm::Cache cache;
    gc.add_params(lstm, "lstm");
    gc.add_input("x", x, dx);
    gc.add_input("h0", h0, dh0);
    gc.add_input("c0", c0, dc0);
    gc.run([&] { return lstm.forward(x, h0, c0, cache); },
           [&](const Mat& dH) { dx = lstm.backward(cache, dH, &dh0, &dc0); });
  }
  // One step with both outputs (h and c) in the loss.
  GradCheck gc;
  Lstm lstm(4, 3);
  lstm.init(gc.rng());
  RowVec x = random_mat(gc.rng(), 1, 4), h = random_mat(gc.rng(), 1, 3), c = random_mat(gc.rng(), 1, 3);
  RowVec dx, dh, dc, c_out;
  Lstm::Step s;
  gc.add_params(lstm);
  gc.add_input("x", x, dx);
  gc.add_input("h_prev", h, dh);
  gc.add_input("c_prev", c, dc);
  gc.run(
      [&] {
        Mat out(1, 6);
        out.leftCols(3) = lstm.step(x, h, c, s, c_out);
        out.rightCols(3) = c_out;
        return out;
      },
      [&](const Mat& d) { lstm.step_backward(s, d.leftCols(3), d.rightCols(3), dx, dh, dc); });
}

TEST_CASE("GRU over a sequence and step by step", "[gradcheck]") {
  for (auto [T, E, D] : {std::tuple{5, 7, 3}, std::tuple{13, 3, 4}}) {
    GradCheck gc;
    Gru gru(E, D);
    gru.init(gc.rng());
    Mat x = random_mat(gc.rng(), T, E), dx;
    RowVec h0 = random_mat(gc.rng(), 1, D), dh0;
    Gru::Cache cache;
    gc.add_params(gru, "gru");
    gc.add_input("x", x, dx);
    gc.add_input("h0", h0, dh0);
    gc.run([&] { return gru.forward(x, h0, cache); }, [&](const Mat& dH) { dx = gru.backward(cache, dH, &dh0); });
  }
  GradCheck gc;
  Gru gru(5, 3);
  gru.init(gc.rng());
  RowVec x = random_mat(gc.rng(), 1, 5), h = random_mat(gc.rng(), 1, 3), dx, dh;
  Gru::Step s;
  gc.add_params(gru);
  gc.add_input("x", x, dx);
  gc.add_input("h_prev", h, dh);
  gc.run([&] { return Mat(gru.step(x, h, s)); }, [&](const Mat& d) { gru.step_backward(s, d, dx, dh); });
}

TEST_CASE("align functions: additive, dot, scaled dot, general x softmax, sigmoid", "[gradcheck]") {
  for (Score kind : {Score::Additive, Score::Dot, Score::ScaledDot, Score::General}) {
    for (Normalization norm : {Normalization::Softmax, Normalization::Sigmoid}) {
      for (auto [S, N, Dk, Dq, A] : {std::tuple{5, 1, 7, 3, 4}, std::tuple{7, 7, 3, 5, 6}}) {
        INFO(to_string(kind) << " / " << to_string(norm) << " S=" << S << " N=" << N);
        GradCheck gc;
        Align align(kind, norm, Dk, Dq, A);
        align.init(gc.rng());
        Mat keys = random_mat(gc.rng(), S, Dk), queries = random_mat(gc.rng(), N, Dq), dkeys, dqueries;
        Align::Cache cache;
        // With as many queries as keys, use a causal mask: the self-attention reading case.
        const Mask mask = causal_mask(S);
        const Mask* m = (N == S) ? &mask : nullptr;
        gc.add_params(align, "align");
        gc.add_input("keys", keys, dkeys);
        gc.add_input("queries", queries, dqueries);
        gc.run([&] { return align.forward(keys, queries, m, cache).weights; },
               [&](const Mat& dw) { align.backward(cache, dw, dkeys, dqueries); });
      }
    }
  }
}

TEST_CASE("multi-head self-attention", "[gradcheck]") {
  for (Normalization norm : {Normalization::Softmax, Normalization::Sigmoid}) {
    for (bool causal : {false, true}) {
      for (auto [T, D, H] : {std::tuple{5, 6, 2}, std::tuple{3, 9, 3}, std::tuple{7, 4, 1}}) {
        INFO(to_string(norm) << (causal ? " causal" : "") << " T=" << T << " D=" << D << " H=" << H);
        GradCheck gc;
        MultiheadAttention mha(D, H, norm);
        mha.init(gc.rng());
        mha.in_proj_bias.value = random_mat(gc.rng(), 1, 3 * D);  // init zeroes them: test them non-zero
        Mat x = random_mat(gc.rng(), T, D), dx;
        MultiheadAttention::Trace tr;
        gc.add_params(mha, "attn");
        gc.add_input("x", x, dx);
        gc.run([&] { return mha.forward(x, causal, tr); }, [&](const Mat& d) { dx = mha.backward(tr, d); });
      }
    }
  }
}

TEST_CASE("multi-head self-attention with additive scores v_h . tanh(q_i + k_j)", "[gradcheck]") {
  for (Normalization norm : {Normalization::Softmax, Normalization::Sigmoid}) {
    for (bool causal : {false, true}) {
      for (auto [T, D, H] : {std::tuple{5, 6, 2}, std::tuple{3, 9, 3}, std::tuple{7, 4, 1}, std::tuple{1, 5, 1}}) {
        INFO(to_string(norm) << (causal ? " causal" : "") << " T=" << T << " D=" << D << " H=" << H);
        GradCheck gc;
        MultiheadAttention mha(D, H, norm, Score::Additive);
        mha.init(gc.rng());
        mha.in_proj_bias.value = random_mat(gc.rng(), 1, 3 * D);
        Mat x = random_mat(gc.rng(), T, D), dx;
        MultiheadAttention::Trace tr;
        gc.add_params(mha, "attn");
        gc.add_input("x", x, dx);
        gc.run([&] { return mha.forward(x, causal, tr); }, [&](const Mat& d) { dx = mha.backward(tr, d); });
      }
    }
  }
}

TEST_CASE("nn.TransformerEncoderLayer (post-norm) x activation x score x normalization", "[gradcheck]") {
  for (bool gelu : {false, true})
    for (Score score : {Score::Dot, Score::Additive})
      for (Normalization norm : {Normalization::Softmax, Normalization::Sigmoid})
        for (auto [T, D, H, F, causal] :
             {std::tuple{5, 6, 2, 7, false}, std::tuple{3, 9, 3, 4, true}, std::tuple{1, 4, 1, 3, false}}) {
          INFO((gelu ? "gelu " : "relu ") << to_string(score) << " " << to_string(norm) << " T=" << T << " D=" << D
                                          << " H=" << H << " F=" << F << (causal ? " causal" : ""));
          GradCheck gc;
          TransformerEncoderLayer layer(D, H, F, gelu, norm, score);
          layer.init(gc.rng());
          layer.self_attn.in_proj_bias.value = random_mat(gc.rng(), 1, 3 * D);
          layer.norm1.weight.value = random_mat(gc.rng(), 1, D, 0.5).array() + 1;
          layer.norm2.bias.value = random_mat(gc.rng(), 1, D, 0.5);
          Mat x = random_mat(gc.rng(), T, D), dx;
          TransformerEncoderLayer::Cache cache;
          gc.add_params(layer, "layer");
          gc.add_input("x", x, dx);
          const bool mask = causal;  // clang 14 cannot capture a structured binding (C++20)
          gc.run([&] { return layer.forward(x, mask, cache); }, [&](const Mat& d) { dx = layer.backward(cache, d); });
        }
}

TEST_CASE("sinusoidal positions follow the formula", "[gradcheck]") {
  const Mat pe = sinusoidal_encoding(9, 6);
  REQUIRE(pe.rows() == 9);
  REQUIRE(pe.cols() == 6);
  CHECK(pe(0, 0) == Approx(0.0));
  CHECK(pe(0, 1) == Approx(1.0));
  CHECK(pe(3, 2) == Approx(std::sin(3.0 / std::pow(10000.0, 2.0 / 6))));
  CHECK(pe(5, 5) == Approx(std::cos(5.0 / std::pow(10000.0, 4.0 / 6))));
}

// Whole models: loss_and_backward's gradient for every parameter tensor (up to 25 sampled
// elements each) against finite differences of the loss it returns.
TEST_CASE("whole model: attention_encoder (positions x causal x normalization)", "[gradcheck]") {
  for (const char* pos : {"none", "sinusoidal", "learned"})
    for (bool causal : {false, true})
      for (const char* norm : {"softmax", "sigmoid"}) {
        INFO(pos << (causal ? " causal " : " ") << norm);
        AttentionEncoder m({{"architecture", "attention_encoder"},
                            {"vocab_size", 11},
                            {"d_model", 6},
                            {"n_head", 2},
                            {"positional", pos},
                            {"causal", causal},
                            {"normalization", norm},
                            {"max_len", 9}});
        check_model(m, {{3, 1, 4, 1, 5, 9, 2}, {1, 4, kIgnoreIndex, 5, 9, 2, 6}});
      }
}

TEST_CASE("whole model: transformer (mlm and lm heads x positions x activation x score x normalization)",
          "[gradcheck]") {
  // Bidirectional with masked-token targets (mlm), causal with next-token targets (lm).
  const Example mlm = {{3, 10, 4, 1, 10, 9, 2},
                       {kIgnoreIndex, 1, kIgnoreIndex, kIgnoreIndex, 5, kIgnoreIndex, kIgnoreIndex}};
  const Example lm = {{3, 1, 4, 1, 5, 9, 2}, {1, 4, 1, 5, 9, 2, 6}};
  for (bool causal : {false, true})
    for (const char* pos : {"none", "sinusoidal"})
      for (const char* act : {"relu", "gelu"})
        for (const char* score : {"dot", "additive"})
          for (const std::string norm : {"softmax", "sigmoid", "sigmoid log_n"}) {
            INFO((causal ? "lm " : "mlm ") << pos << " " << act << " " << score << " " << norm);
            // "sigmoid log_n": sigmoid(e - ln n); the shift is a constant, so its derivative is 1.
            Transformer m({{"architecture", "transformer"},
                           {"vocab_size", 11},
                           {"d_model", 6},
                           {"n_head", 2},
                           {"n_layer", 2},
                           {"d_ff", 5},
                           {"positional", pos},
                           {"causal", causal},
                           {"objective", causal ? "lm" : "mlm"},
                           {"activation", act},
                           {"score", score},
                           {"normalization", norm == "softmax" ? "softmax" : "sigmoid"},
                           {"sigmoid_bias", norm == "sigmoid log_n" ? "log_n" : "none"},
                           {"max_len", 9}});
            check_model(m, causal ? lm : mlm);
          }
  // Odd shapes: three heads of width 3, one layer; a single token.
  Transformer odd({{"architecture", "transformer"},
                   {"vocab_size", 5},
                   {"d_model", 9},
                   {"n_head", 3},
                   {"n_layer", 1},
                   {"d_ff", 2},
                   {"score", "additive"}});
  check_model(odd, {{4, 0, 2}, {1, kIgnoreIndex, 3}});
  check_model(odd, {{2}, {2}});
}

TEST_CASE("whole model: rnn_attention (cells x score functions)", "[gradcheck]") {
  for (const char* cell : {"rnn", "lstm", "gru"})
    for (const char* score : {"additive", "dot", "scaled_dot", "general"}) {
      INFO(cell << " / " << score);
      RnnAttention m({{"architecture", "rnn_attention"},
                      {"vocab_size", 9},
                      {"embed_dim", 5},
                      {"hidden_size", 4},
                      {"attn_dim", 3},
                      {"cell", cell},
                      {"score", score},
                      {"output_size", 7}});
      check_model(m, {{2, 7, 1, 8, 2}, {6}});
    }
}

TEST_CASE("whole model: rnn_self_attention (slides' cell, the x-c-h variant, LSTMN) and rnn_lm", "[gradcheck]") {
  const nlohmann::json base = {
      {"architecture", "rnn_self_attention"}, {"vocab_size", 9}, {"embed_dim", 5}, {"hidden_size", 4}, {"attn_dim", 3}};
  const Example ex = {{2, 7, 1, 8, 2, 8}, {7, 1, 8, 2, 8, kIgnoreIndex}};
  for (const char* score : {"additive", "dot", "general"})
    for (auto [cell, variant] : {std::pair{"rnn", "c"}, std::pair{"rnn", "ch"}, std::pair{"lstm", "c"}}) {
      INFO(cell << " " << variant << " " << score);
      nlohmann::json cfg = base;
      cfg["cell"] = cell;
      cfg["variant"] = variant;
      cfg["score"] = score;
      RnnSelfAttention m(cfg);
      check_model(m, ex);
      // The training-only penalty on the self-weight alpha_ii is part of the loss it returns.
      cfg["self_penalty"] = 0.7;
      RnnSelfAttention penalized(cfg);
      check_model(penalized, ex);
    }
  for (const char* cell : {"rnn", "lstm", "gru"}) {
    INFO("rnn_lm " << cell);
    RnnLm m({{"architecture", "rnn_lm"}, {"vocab_size", 9}, {"embed_dim", 5}, {"hidden_size", 4}, {"cell", cell}});
    check_model(m, ex);
  }
}

TEST_CASE("whole model: seq2seq (additive, dot, no attention)", "[gradcheck]") {
  for (const char* attention : {"additive", "dot", "none"}) {
    INFO(attention);
    Seq2Seq m({{"architecture", "seq2seq"},
               {"vocab_size", 9},
               {"embed_dim", 5},
               {"hidden_size", 4},
               {"attn_dim", 3},
               {"attention", attention},
               {"target_vocab_size", 7}});
    // source of 5 words, target of 4 ending with <eos> (id 1); a repeated target word accumulates
    check_model(m, {{2, 7, 1, 8, 2}, {3, 5, 3, 1}});
    check_model(m, {{4}, {6, 1}});  // one source word: s_0 = h_1 is also the only key
  }
}

TEST_CASE("align: keys projected once give the same weights and gradients as forward/backward", "[gradcheck]") {
  for (Score kind : {Score::Additive, Score::Dot, Score::ScaledDot}) {
    INFO(to_string(kind));
    Rng rng(11);
    Align a(kind, Normalization::Softmax, 7, 5, 4);
    a.init(rng);
    const Mat keys = random_mat(rng, 6, 7), queries = random_mat(rng, 3, 5), dw = random_mat(rng, 3, 6);
    Align::Cache plain, projected;
    const Mat w1 = a.forward(keys, queries, nullptr, plain).weights;
    const Mat w2 = a.forward_projected(a.project_keys(keys), queries, nullptr, projected).weights;
    CHECK(w1.isApprox(w2, 1e-12));
    a.w_key.zero_grad();
    a.w_query.zero_grad();
    Mat dkeys1, dq1;
    a.backward(plain, dw, dkeys1, dq1);
    const Mat gk1 = a.w_key.grad, gq1 = a.w_query.grad;
    a.w_key.zero_grad();
    a.w_query.zero_grad();
    Mat dkp, dkeys2, dq2;
    a.backward_projected(projected, dw, dkp, dq2);
    a.backward_key_projection(keys, dkp, dkeys2);
    CHECK(dkeys1.isApprox(dkeys2, 1e-12));
    CHECK(dq1.isApprox(dq2, 1e-12));
    CHECK(gk1.isApprox(a.w_key.grad, 1e-12));
    CHECK(gq1.isApprox(a.w_query.grad, 1e-12));
    // A projected forward is finished by backward_projected, never by backward.
    CHECK_THROWS(a.backward(projected, dw, dkeys2, dq2));
  }
}
