// The transformer model: config checks, the trace the page reads (names, shapes, and the notes'
// b^{i,h} and b^i recomputed from q, k, v), order blindness without positions, "<mask>" typed in
// text, and a tiny masked-language-model training run.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/model_io.h"
#include "layers/cross_entropy.h"
#include "layers/positional.h"
#include "models/transformer.h"
#include "text/bpe.h"
#include "train/language_model.h"
#include "train/masked_lm.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

nlohmann::json small_config() {
  return {
      {"architecture", "transformer"}, {"vocab_size", 40}, {"d_model", 8}, {"n_head", 2}, {"n_layer", 2}, {"d_ff", 12},
      {"positional", "sinusoidal"},    {"causal", false},  {"max_len", 16}};
}

std::unique_ptr<Model> init_model(const nlohmann::json& cfg, uint64_t seed = 5) {
  auto m = build_model(cfg);
  Rng rng(seed);
  m->init(rng);
  return m;
}

const Mat& tensor(const ForwardTrace& tr, const std::string& name) {
  for (const NamedTensor& t : tr.tensors)
    if (t.name == name) return t.value;
  FAIL("the trace has no tensor \"" << name << "\"");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("transformer: config errors name the field") {
  nlohmann::json c = small_config();
  c["d_model"] = 256;
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("\"d_model\" must be an integer in [1, 128]"));
  c = small_config();
  c["d_model"] = 9;
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("divisible by \"n_head\""));
  c = small_config();
  c["objective"] = "lm";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("needs \"causal\": true"));
  c = small_config();
  c["positional"] = "learned";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("expected sinusoidal or none"));
  c = small_config();
  c["activation"] = "tanh";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("expected relu or gelu"));
  c = small_config();
  c["score"] = "general";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("expected dot or additive"));
  c = small_config();
  c["sigmoid_bias"] = "log_n";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("needs \"normalization\": \"sigmoid\""));
  c["normalization"] = "sigmoid";
  c["sigmoid_bias"] = "ln";
  CHECK_THROWS_WITH(build_model(c), Catch::Contains("expected none or log_n"));
}

TEST_CASE("transformer: input longer than max_len is refused with a clear message") {
  auto m = init_model(small_config());
  CHECK(m->max_tokens() == 16);
  CHECK_NOTHROW(m->forward_ids(std::vector<int>(16, 3)));
  CHECK_THROWS_WITH(m->forward_ids(std::vector<int>(17, 3)), Catch::Contains("reads at most 16 (max_len)"));
  CHECK_THROWS_WITH(m->forward_text(std::string(40, 'a') + " b c d e f g h i j k l m n o p q"),
                    Catch::Contains("reads at most 16"));
}

TEST_CASE("transformer: the trace holds every map and the notes' vectors under fixed names") {
  for (const char* score : {"dot", "additive"})
    for (const std::string norm : {"softmax", "sigmoid", "sigmoid log_n"})
      for (bool causal : {false, true}) {
        INFO(score << " " << norm << (causal ? " causal" : ""));
        nlohmann::json cfg = small_config();
        cfg["score"] = score;
        cfg["normalization"] = norm == "softmax" ? "softmax" : "sigmoid";
        if (norm == "sigmoid log_n") cfg["sigmoid_bias"] = "log_n";
        cfg["causal"] = causal;
        auto m = init_model(cfg);
        const std::vector<int> ids = {3, 14, 15, 9, 26, 5, 35};
        const int T = 7, D = 8, K = 4;
        const ForwardTrace tr = m->forward_ids(ids);

        std::vector<std::string> names;
        for (const NamedTensor& t : tr.tensors) names.push_back(t.name);
        CHECK(names == std::vector<std::string>{"positions", "layer0.input", "layer0.q", "layer0.k", "layer0.v",
                                                "layer0.heads", "layer0.attn_out", "layer0.output", "layer1.input",
                                                "layer1.q", "layer1.k", "layer1.v", "layer1.heads", "layer1.attn_out",
                                                "layer1.output", "logits"});
        for (const NamedTensor& t : tr.tensors) {
          CHECK(t.value.rows() == T);
          CHECK(t.value.cols() == (t.name == "logits" ? 40 : D));
        }
        CHECK(tensor(tr, "positions").isApprox(sinusoidal_encoding(T, D)));
        CHECK(tensor(tr, "layer1.input") == tensor(tr, "layer0.output"));

        REQUIRE(tr.maps.size() == 4);
        const char* map_names[] = {"layer 1 head 1", "layer 1 head 2", "layer 2 head 1", "layer 2 head 2"};
        for (int i = 0; i < 4; ++i) {
          const AttentionMap& map = tr.maps[i];
          CHECK(map.name == map_names[i]);
          CHECK(map.layer == i / 2);
          CHECK(map.head == i % 2);
          REQUIRE(map.weights.rows() == T);
          REQUIRE(map.weights.cols() == T);
          REQUIRE(map.scores.rows() == T);
          const std::string l = "layer" + std::to_string(map.layer) + ".";
          const Mat& q = tensor(tr, l + "q");
          const Mat& k = tensor(tr, l + "k");
          const Mat& v = tensor(tr, l + "v");
          const int h = map.head;
          for (int r = 0; r < T; ++r) {
            if (norm == "softmax") CHECK(map.weights.row(r).sum() == Approx(1.0).margin(1e-5));
            // alpha' = sigmoid(alpha - ln n), n the keys row r sees, with the shift only when asked for.
            const double shift = norm == "sigmoid log_n" ? std::log(causal ? r + 1.0 : double(T)) : 0.0;
            for (int c = 0; c < T; ++c) {
              if (causal && c > r)
                CHECK(map.weights(r, c) == 0);
              else if (norm != "softmax")
                CHECK(map.weights(r, c) == Approx(1.0 / (1.0 + std::exp(shift - map.scores(r, c)))).margin(1e-6));
              // The raw score from q and k, as the step view shows it.
              if (std::string(score) == "dot")
                CHECK(map.scores(r, c) ==
                      Approx(q.row(r).segment(h * K, K).dot(k.row(c).segment(h * K, K)) / 2.0).margin(1e-5));
            }
          }
          // b^{i,h} = sum_j alpha^h_ij v^h_j: the head's columns of layer{l}.heads.
          const Mat b = map.weights * v.middleCols(h * K, K);
          CHECK((tensor(tr, l + "heads").middleCols(h * K, K) - b).cwiseAbs().maxCoeff() < 1e-5);
        }
        // b^i = W^O [b^{i,1}; b^{i,2}] + b_O.
        Mat wo, bo;
        m->for_each_param([&](const std::string& name, Param& p) {
          if (name == "layers.1.self_attn.out_proj.weight") wo = p.value;
          if (name == "layers.1.self_attn.out_proj.bias") bo = p.value;
        });
        const Mat attn_out = (tensor(tr, "layer1.heads") * wo.transpose()).rowwise() + RowVec(bo);
        CHECK((tensor(tr, "layer1.attn_out") - attn_out).cwiseAbs().maxCoeff() < 1e-5);
      }
}

TEST_CASE("transformer: without positions and mask, shuffling the words shuffles every map the same way") {
  // W'[i][j] = W[p(i)][p(j)] when the input is x'_i = x_{p(i)}: self-attention alone is blind to order.
  const std::vector<int> ids = {3, 14, 15, 9, 26, 5, 35, 8, 9};
  const std::vector<int> p = {4, 0, 8, 2, 7, 1, 6, 3, 5};
  std::vector<int> shuffled;
  for (int i : p) shuffled.push_back(ids[i]);
  const auto max_violation = [&](const nlohmann::json& cfg) {
    auto m = init_model(cfg, 11);
    const ForwardTrace a = m->forward_ids(ids), b = m->forward_ids(shuffled);
    REQUIRE(a.maps.size() == b.maps.size());
    double worst = 0;
    for (size_t k = 0; k < a.maps.size(); ++k)
      for (size_t i = 0; i < p.size(); ++i)
        for (size_t j = 0; j < p.size(); ++j) {
          worst = std::max<double>(worst, std::abs(b.maps[k].weights(i, j) - a.maps[k].weights(p[i], p[j])));
          worst = std::max<double>(worst, std::abs(b.maps[k].scores(i, j) - a.maps[k].scores(p[i], p[j])));
        }
    const Mat& la = tensor(a, "logits");
    const Mat& lb = tensor(b, "logits");
    for (size_t i = 0; i < p.size(); ++i)
      worst = std::max<double>(worst, (lb.row(i) - la.row(p[i])).cwiseAbs().maxCoeff());
    return worst;
  };
  for (const char* score : {"dot", "additive"})
    for (const char* norm : {"softmax", "sigmoid"}) {
      INFO(score << " " << norm);
      nlohmann::json cfg = small_config();
      cfg["positional"] = "none";
      cfg["score"] = score;
      cfg["normalization"] = norm;
      cfg["n_layer"] = 3;
      CHECK(max_violation(cfg) < 1e-5);
      // The same test sees the positions when they are there, and a causal mask.
      cfg["positional"] = "sinusoidal";
      CHECK(max_violation(cfg) > 1e-2);
      cfg["positional"] = "none";
      cfg["causal"] = true;
      CHECK(max_violation(cfg) > 1e-2);
    }
}

TEST_CASE("bpe: a special token typed in the text encodes to that token") {
  std::string corpus;
  for (int i = 0; i < 30; ++i) corpus += "the cat sat on the mat and the dog sat on the log.\n";
  const BpeTokenizer tok = BpeTokenizer::train(corpus, 300, {"<eos>", "<mask>"});
  const int mask = tok.special_id("<mask>");
  REQUIRE(mask == tok.vocab_size() - 1);
  CHECK(tok.encode("<mask>") == std::vector<int>{mask});
  // The mask takes the space before it, as " cat" carries its own: "the <mask> sat" lines up
  // token for token with "the cat sat".
  const std::vector<int> plain = tok.encode("the cat sat"), masked = tok.encode("the <mask> sat");
  REQUIRE(plain.size() == 3);
  REQUIRE(masked.size() == 3);
  CHECK(masked[0] == plain[0]);
  CHECK(masked[1] == mask);
  CHECK(masked[2] == plain[2]);
  const BpeEncoding enc = tok.encode_words("the <mask> sat<eos>");
  CHECK(enc.words == std::vector<std::string>{"the", " <mask>", " sat", "<eos>"});
  CHECK(enc.ids.back() == tok.special_id("<eos>"));
  CHECK(enc.word_of == std::vector<int>{0, 1, 2, 3});
  CHECK(tok.decode(tok.encode("<mask><mask>")) == "<mask><mask>");
  // Near misses stay plain bytes, and text without specials still round-trips exactly.
  for (const std::string s : {"<mas k>", "<MASK>", "a < mask >", "<mask", "mask>", "the cat  sat  "}) {
    CHECK(tok.decode(tok.encode(s)) == s);
    const std::vector<int> ids = tok.encode(s);
    CHECK(std::find(ids.begin(), ids.end(), mask) == ids.end());
  }
}

// ---------------------------------------------------------------------------------------------
// The "mlm" task

namespace {

fs::path tiny_corpus() {
  const fs::path dir = fs::temp_directory_path() / ("attnlab_test_mlm_corpus_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string lines[] = {"the cat sat on the mat and the dog sat on the log.",
                               "the dog saw the cat and the cat saw the dog.",
                               "a bird sat on the log and the cat saw the bird."};
  for (const char* name : {"train.txt", "valid.txt", "test.txt"}) {
    std::ofstream out(dir / name);
    const int repeats = std::string(name) == "train.txt" ? 40 : 4;
    for (int r = 0; r < repeats; ++r)
      for (const std::string& l : lines) out << l << "\n";
  }
  return dir;
}

nlohmann::json tiny_mlm_config() {
  return {{"model",
           {{"architecture", "transformer"},
            {"objective", "mlm"},
            {"d_model", 16},
            {"n_head", 2},
            {"n_layer", 1},
            {"d_ff", 24},
            {"max_len", 32}}},
          {"task",
           {{"kind", "mlm"},
            {"corpus", tiny_corpus().string()},
            {"vocab_size", 300},
            {"context", 16},
            {"mask_rate", 0.25},
            {"eval_tokens", 0}}},
          {"steps", 300},
          {"batch_size", 4},
          {"lr", 0.01},
          {"seed", 2},
          {"log_every", 100}};
}

}  // namespace

TEST_CASE("mlm: masking selects round(rate T) positions and hides only them") {
  const nlohmann::json cfg = tiny_mlm_config();
  auto model = build_model(mlm_model_config(cfg["model"], cfg["task"]));
  const MaskTokens special = mask_tokens(*model);
  CHECK(special.mask == model->tokenizer().vocab_size() - 1);
  CHECK(special.n_regular == model->tokenizer().vocab_size() - 2);
  std::vector<int> window(40);
  for (int i = 0; i < 40; ++i) window[i] = i;
  Rng rng(3);
  int kept = 0, replaced = 0, masked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Example ex = mask_window(window, special, 0.15, true, rng);
    int selected = 0;
    for (int t = 0; t < 40; ++t) {
      if (ex.targets[t] == kIgnoreIndex) {
        CHECK(ex.ids[t] == window[t]);
        continue;
      }
      ++selected;
      CHECK(ex.targets[t] == window[t]);
      if (ex.ids[t] == special.mask)
        ++masked;
      else if (ex.ids[t] == window[t])
        ++kept;
      else {
        ++replaced;
        CHECK(ex.ids[t] < special.n_regular);
      }
    }
    CHECK(selected == 6);  // round(0.15 * 40)
  }
  // 80/10/10 over 1,200 selections.
  CHECK(masked > 900);
  CHECK(masked < 1020);
  CHECK(kept > 80);
  CHECK(replaced > 80);
  // Evaluation masks every selected position.
  const Example ev = mask_window(window, special, 0.15, false, rng);
  for (int t = 0; t < 40; ++t) CHECK((ev.targets[t] == kIgnoreIndex) == (ev.ids[t] == window[t]));
}

TEST_CASE("mlm: a tiny transformer run lowers the masked-token loss and is deterministic") {
  const nlohmann::json cfg = tiny_mlm_config();
  const auto train = [&](TrainReport& rep) {
    auto model = build_model(mlm_model_config(cfg["model"], cfg["task"]));
    std::ostringstream log;
    rep = train_masked_lm(*model, cfg, log);
    INFO(log.str());
    return export_weights(*model);
  };
  auto model = build_model(mlm_model_config(cfg["model"], cfg["task"]));
  Rng rng(2);
  model->init(rng);
  const std::vector<int> valid = model->tokenizer().encode(read_corpus_text(cfg["task"]["corpus"], "valid.txt")).ids;
  const MlmMetrics before = evaluate_mlm(*model, valid, 16, 0, 0.25, 12345);
  TrainReport a, b;
  const auto wa = train(a), wb = train(b);
  REQUIRE(a.loss_curve.size() == 3);
  CHECK(a.final_loss < 0.6 * a.first_loss);  // from about ln V
  CHECK(a.loss_curve.back() < a.loss_curve.front());
  const double acc = a.metrics["valid"]["accuracy"];
  CHECK(acc > before.accuracy + 0.2);
  CHECK(a.metrics["valid"]["masked"].get<int64_t>() == before.masked);
  CHECK(a.metrics["valid"]["perplexity"].get<double>() == Approx(std::exp(a.metrics["valid"]["loss"].get<double>())));
  // Same seed: same weights and the same held-out numbers.
  REQUIRE(wa.size() == wb.size());
  for (size_t i = 0; i < wa.size(); ++i) CHECK(wa[i].values == wb[i].values);
  CHECK(a.metrics == b.metrics);
}
