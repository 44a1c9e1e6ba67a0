// Seq2Seq on the toy English -> French corpus: the trace a view reads, a smoke training run whose
// loss falls, determinism for a fixed seed, the evaluation, and a save / load round trip.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/cli.h"
#include "data/en_fr_grammar.h"
#include "io/model_io.h"
#include "models/seq2seq.h"
#include "train/translate.h"

using namespace attnlab;

namespace {

// A tiny corpus of short sentences, written once per test run.
const std::string& tiny_corpus_dir() {
  static const std::string dir = [] {
    const std::string d =
        (std::filesystem::temp_directory_path() / ("attnlab_tiny_translate_" + std::to_string(::getpid()))).string();
    CorpusOptions o;
    o.seed = 2;
    o.n_train = 300;
    o.n_valid = 20;
    o.n_test = 30;
    o.max_len = 7;
    write_corpus(d, generate_corpus(o));
    return d;
  }();
  return dir;
}

nlohmann::json train_config(const char* attention) {
  return {{"model",
           {{"architecture", "seq2seq"},
            {"embed_dim", 16},
            {"hidden_size", 32},
            {"attn_dim", 16},
            {"attention", attention}}},
          {"task", {{"kind", "translate"}, {"corpus", tiny_corpus_dir()}, {"n_test", 30}}},
          {"steps", 400},
          {"batch_size", 4},
          {"lr", 0.01},
          {"seed", 5},
          {"log_every", 100}};
}

std::string log_of(const TrainReport& rep) {
  std::string s = "loss per window:";
  for (double l : rep.loss_curve) s += " " + std::to_string(l);
  return s;
}

}  // namespace

TEST_CASE("seq2seq: the trace has the translation, the map and the per-step tensors") {
  nlohmann::json cfg = translation_model_config(train_config("additive")["model"], tiny_corpus_dir());
  cfg["max_output_len"] = 9;
  Seq2Seq m(cfg);
  Rng rng(1);
  m.init(rng);
  const ForwardTrace tr = m.forward_text("the dog sleeps .");
  REQUIRE(tr.tokens.size() == 4);
  REQUIRE(tr.maps.size() == 1);
  const AttentionMap& map = tr.maps[0];
  const Eigen::Index t = map.weights.rows();
  CHECK(t >= 1);
  CHECK(t <= 9);
  CHECK(map.weights.cols() == 4);
  CHECK(map.col_labels == tr.tokens);
  CHECK(static_cast<Eigen::Index>(map.row_labels.size()) == t);
  // without <eos> at the end, every step is an output word; with it, one fewer
  CHECK(static_cast<Eigen::Index>(tr.output_tokens.size()) == (map.row_labels.back() == "<eos>" ? t - 1 : t));
  for (Eigen::Index j = 0; j < t; ++j) CHECK(map.weights.row(j).sum() == Approx(1.0));
  std::map<std::string, Mat> tensors;
  for (const NamedTensor& n : tr.tensors) tensors[n.name] = n.value;
  CHECK(tensors.at("encoder_states").rows() == 4);
  CHECK(tensors.at("decoder_states").rows() == t + 1);  // s_0 = h_m, then one per step
  CHECK(tensors.at("decoder_states").row(0) == tensors.at("encoder_states").row(3));
  CHECK(tensors.at("contexts").rows() == t + 1);  // c_0 .. c_t
  // x'_j, the embedding of the word written before step j: <bos> first, then each output word.
  Mat target_embedding;
  m.for_each_param([&](const std::string& name, Param& p) {
    if (name == "tgt_embedding.weight") target_embedding = p.value;
  });
  const Mat& inputs = tensors.at("decoder_inputs");
  REQUIRE(inputs.rows() == t);
  CHECK(inputs.row(0) == target_embedding.row(m.bos_id()));
  for (Eigen::Index j = 1; j < t; ++j)
    CHECK(inputs.row(j) == target_embedding.row(m.target_id(map.row_labels[static_cast<size_t>(j - 1)])));
  CHECK(tensors.at("initial_attention_weights").sum() == Approx(1.0));
  // c_j = sum_i alpha_ji h_i, recomputed from the trace
  const Mat c1 = map.weights.row(0) * tensors.at("encoder_states");
  CHECK((c1 - tensors.at("contexts").row(1)).norm() < 1e-5);
  CHECK(tensors.at("logits").rows() == t);

  nlohmann::json plain = cfg;
  plain["attention"] = "none";
  Seq2Seq baseline(plain);
  baseline.init(rng);
  const ForwardTrace tb = baseline.forward_text("the dog sleeps .");
  CHECK(tb.maps.empty());
  CHECK_FALSE(tb.tensors.empty());
  CHECK(baseline.parameter_count() < m.parameter_count());
  CHECK(m.forward_text("").output_tokens.empty());
}

TEST_CASE("seq2seq: a bad config names the field") {
  nlohmann::json cfg = {{"architecture", "seq2seq"}, {"vocab_size", 5},        {"embed_dim", 3},
                        {"hidden_size", 4},          {"target_vocab_size", 6}, {"attention", "cosine"}};
  CHECK_THROWS_WITH(build_model(cfg), Catch::Contains("attention"));
  cfg["attention"] = "dot";
  cfg.erase("target_vocab_size");
  cfg["target_vocab"] = {"a", "b", "c"};
  CHECK_THROWS_WITH(build_model(cfg), Catch::Contains("<bos>"));
}

TEST_CASE("translate: a smoke training run lowers the loss and is deterministic") {
  for (const char* attention : {"additive", "none"}) {
    INFO(attention);
    const nlohmann::json config = train_config(attention);
    const auto run = [&](int seed) {
      nlohmann::json c = config;
      c["seed"] = seed;
      auto model = build_model(translation_model_config(c["model"], tiny_corpus_dir()));
      std::ostringstream log;
      const TrainReport rep = train_from_config(*model, c, log);
      return std::make_pair(rep, export_weights(*model));
    };
    const auto [rep, weights] = run(5);
    REQUIRE(rep.loss_curve.size() == 4);
    INFO(log_of(rep));
    CHECK(rep.loss_curve.back() < 0.65 * rep.loss_curve.front());
    CHECK(rep.metrics["test"]["token_accuracy"].get<double>() > 0.3);
    CHECK(rep.metrics["test"]["n"] == 30);
    CHECK(rep.metrics["test"]["aer"].is_null() == (std::string(attention) == "none"));
    const auto again = run(5).second, other = run(6).second;
    REQUIRE(again.size() == weights.size());
    for (size_t i = 0; i < weights.size(); ++i) CHECK(again[i].values == weights[i].values);
    CHECK(other[0].values != weights[0].values);
  }
}

TEST_CASE("translate: the CLI trains, saves, loads and evaluates a seq2seq model") {
  const std::string cfg_path =
      (std::filesystem::temp_directory_path() / ("attnlab_translate_train_" + std::to_string(::getpid()) + ".json"))
          .string();
  const std::string out_dir =
      (std::filesystem::temp_directory_path() / ("attnlab_translate_model_" + std::to_string(::getpid()))).string();
  nlohmann::json cfg = train_config("dot");
  cfg["steps"] = 20;
  {
    std::ofstream f(cfg_path);
    f << cfg.dump();
  }
  std::ostringstream out, err;
  REQUIRE(run_cli({"train", cfg_path, "--out", out_dir}, out, err) == 0);
  LoadedModel lm = load_model_dir(out_dir);
  CHECK(lm.model->architecture() == "seq2seq");
  CHECK(lm.card["metrics"].contains("test"));
  std::ostringstream eout, eerr;
  REQUIRE(run_cli({"evaluate", out_dir, "--data", tiny_corpus_dir() + "/test.tsv", "--limit", "10"}, eout, eerr) == 0);
  const nlohmann::json metrics = nlohmann::json::parse(eout.str());
  CHECK(metrics["n"] == 10);
  std::ostringstream fout, ferr;
  REQUIRE(run_cli({"forward", out_dir, "--text", "the dog sleeps .", "--json"}, fout, ferr) == 0);
  CHECK(nlohmann::json::parse(fout.str()).contains("output_tokens"));
  std::filesystem::remove_all(out_dir);
  std::filesystem::remove(cfg_path);
}

TEST_CASE("translate: corpus BLEU-4 on hand-checked cases") {
  // Identical sentences score 1.
  CHECK(corpus_bleu({{1, 2, 3, 4, 5}}, {{1, 2, 3, 4, 5}}) == Approx(1.0));
  // No 4-gram in common scores 0.
  CHECK(corpus_bleu({{1, 2, 3, 9, 5}}, {{1, 2, 3, 4, 5}}) == 0.0);
  // Candidate 1 2 3 4 5 6 against reference 1 2 3 4 5 7: precisions 5/6, 4/5, 3/4, 2/3, no penalty.
  CHECK(corpus_bleu({{1, 2, 3, 4, 5, 6}}, {{1, 2, 3, 4, 5, 7}}) ==
        Approx(std::pow(5.0 / 6 * 4.0 / 5 * 3.0 / 4 * 2.0 / 3, 0.25)));
  // Clipping: "1 2 3 4 1 2 3 4" against "1 2 3 4" matches each reference n-gram once, so every
  // precision is at most a half (4/8, 3/7, 2/6, 1/5).
  CHECK(corpus_bleu({{1, 2, 3, 4, 1, 2, 3, 4}}, {{1, 2, 3, 4}}) ==
        Approx(std::pow(4.0 / 8 * 3.0 / 7 * 2.0 / 6 * 1.0 / 5, 0.25)));
  // A short candidate pays the brevity penalty exp(1 - 8/6).
  CHECK(corpus_bleu({{1, 2, 3, 4, 5, 6}}, {{1, 2, 3, 4, 5, 6, 7, 8}}) == Approx(std::exp(1.0 - 8.0 / 6.0)));
}
