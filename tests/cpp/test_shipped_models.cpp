// The trained models in models/ are what their cards say: each loads, and a fresh evaluation on
// the held-out split (regenerated from the grammar's seed) gives the card's numbers.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>

#include "data/en_fr_grammar.h"
#include "io/model_io.h"
#include "models/seq2seq.h"
#include "sanitized.h"
#include "train/language_model.h"
#include "train/trainer.h"
#include "train/translate.h"

using namespace attnlab;

TEST_CASE("shipped: seq2seq models reproduce their cards' test metrics") {
  CorpusOptions options;  // the corpus of scripts/train-seq2seq: seed 1, 20,000 / 1,000 / 1,000
  const Corpus corpus = generate_corpus(options);
  const char* const names[] = {"seq2seq-additive", "seq2seq-dot", "seq2seq-none", "seq2seq-additive-seed1"};
  for (size_t m = 0; m < attnlab_test::shipped_subset(std::size(names)); ++m) {  // sanitized.h
    const char* name = names[m];
    INFO(name);
    const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name);
    const auto* model = dynamic_cast<const Seq2Seq*>(lm.model.get());
    REQUIRE(model != nullptr);
    const nlohmann::json& card = lm.card["metrics"]["test"];
    REQUIRE(card["n"] == 1000);
    const TranslationMetrics fresh = evaluate_translation(*model, corpus.test, 0);
    CHECK(fresh.n == 1000);
    // Same weights, same data, same code: the numbers must agree (up to float summation order).
    CHECK(fresh.exact_match == Approx(card["exact_match"].get<double>()).margin(1e-9));
    CHECK(fresh.token_accuracy == Approx(card["token_accuracy"].get<double>()).margin(1e-6));
    if (model->has_attention())
      CHECK(fresh.aer == Approx(card["aer"].get<double>()).margin(1e-6));
    else
      CHECK(card["aer"].is_null());  // no attention, no alignment to score
    CHECK(fresh.bleu == Approx(card["bleu"].get<double>()).margin(1e-9));
    CHECK(lm.card["parameters"] == lm.model->parameter_count());
  }
}

namespace {

const nlohmann::json& recall_curve() {
  static const nlohmann::json curve =
      parse_json_text(read_text_file(std::string(ATTNLAB_MODELS_DIR) + "/recall-curve.json"), "recall-curve.json");
  return curve;
}

// The two models of scripts/recall-curve and its train config for distance d.
const char* const kRecallKeys[] = {"with_self_attention", "without_self_attention"};
nlohmann::json recall_train_config(int k, int distance, int seed) {
  const nlohmann::json models[] = {
      {{"architecture", "rnn_self_attention"},
       {"vocab_size", 10},
       {"embed_dim", 16},
       {"hidden_size", 32},
       {"attn_dim", 16},
       {"cell", "rnn"},
       {"score", "dot"}},
      {{"architecture", "rnn_lm"}, {"vocab_size", 10}, {"embed_dim", 16}, {"hidden_size", 48}, {"cell", "rnn"}}};
  return {{"model", models[k]}, {"task", {{"kind", "recall"}, {"length", distance + 1}, {"n_test", 1000}}},
          {"steps", 1500},      {"batch_size", 8},
          {"lr", 0.005},        {"seed", seed},
          {"log_every", 500}};
}

}  // namespace

// Training is bit-for-bit the same on every machine (docs/architecture.md, "Reproducible numbers"),
// so every seed of a point re-trains to exactly the stored accuracy. The plain RNN's seeds sit near
// chaotic points: before the engine's math was made portable, a last-bit difference in one sqrt
// estimate moved its seed-1 accuracy at d = 20 between 0.415 and 0.700 (docs/models.md).
TEST_CASE("shipped: the recall curve's d = 20 point re-trains to the stored accuracy on every seed") {
  const nlohmann::json& curve = recall_curve();
  const nlohmann::json& seeds = curve["task"]["seeds"];
  REQUIRE(seeds.size() == 3);
  for (int k = 0; k < 2; ++k) {
    const nlohmann::json& point = curve[kRecallKeys[k]]["curve"][3];
    REQUIRE(point["distance"] == 20);
    double sum = 0;
    for (size_t s = 0; s < attnlab_test::shipped_subset(seeds.size()); ++s) {  // sanitized.h
      INFO(kRecallKeys[k] << ", seed " << seeds[s]);
      nlohmann::json cfg = recall_train_config(k, 20, seeds[s].get<int>());
      cfg["steps"] = attnlab_test::shipped_steps(cfg["steps"].get<int>());  // sanitized.h
      auto model = build_model(cfg["model"]);
      std::ostringstream log;
      const TrainReport rep = train_from_config(*model, cfg, log);
      if (attnlab_test::kSanitized)
        CHECK((rep.test_accuracy >= 0 && rep.test_accuracy <= 1));
      else
        CHECK(rep.test_accuracy == point["per_seed"][s].get<double>());
      sum += rep.test_accuracy;
    }
    if (!attnlab_test::kSanitized)
      CHECK(sum / static_cast<double>(seeds.size()) == Approx(point["accuracy"].get<double>()).margin(1e-12));
  }
}

// What the lesson claims from the curve holds over its seeds, not on one lucky seed: at some
// distance every seed of the self-attention RNN recalls at least 90% while the plain RNN's mean is
// at most 60%, and from there on the plain RNN never recovers.
TEST_CASE("shipped: the recall curve's claim holds on every seed") {
  const nlohmann::json& with = recall_curve()["with_self_attention"]["curve"];
  const nlohmann::json& without = recall_curve()["without_self_attention"]["curve"];
  REQUIRE(with.size() == without.size());
  int first = -1;
  for (size_t i = 0; i < with.size() && first < 0; ++i) {
    bool all_recall = true;
    for (const auto& a : with[i]["per_seed"]) all_recall &= a.get<double>() >= 0.9;
    if (all_recall && without[i]["accuracy"].get<double>() <= 0.6) first = static_cast<int>(i);
  }
  REQUIRE(first >= 0);
  for (size_t i = first; i < with.size(); ++i) {
    INFO("distance " << with[i]["distance"]);
    for (const auto& a : with[i]["per_seed"]) CHECK(a.get<double>() >= 0.9);
    CHECK(without[i]["accuracy"].get<double>() <= 0.6);
  }
}

TEST_CASE("shipped: language models reproduce their cards' perplexity on the head of the test split") {
  // tests/fixtures/austen-test-head.txt is the first 40,000 characters of the Austen test split
  // (scripts/extract-austen), which the English mix's test split begins with
  // (scripts/extract-english-mix); its first kTestHeadTokens tokens are what the card's test_head read.
  const std::string head = read_text_file(std::string(ATTNLAB_FIXTURES_DIR) + "/austen-test-head.txt");
  int checked = 0;
  for (const char* name :
       {"lm-rnn-selfattn", "lm-rnn-selfattn-nopenalty", "lm-rnn-selfattn-ch", "lm-lstmn", "lm-rnn", "lm-lstm"}) {
    INFO(name);
    const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name);
    const nlohmann::json& metrics = lm.card["metrics"];
    REQUIRE(metrics.contains("test_head"));
    const std::vector<int> ids = lm.model->tokenizer().encode(head).ids;
    REQUIRE(static_cast<int64_t>(ids.size()) > kTestHeadTokens);
    const int64_t n = attnlab_test::shipped_tokens(kTestHeadTokens);  // sanitized.h
    const LmMetrics fresh = evaluate_lm(*lm.model, ids, metrics["context"].get<int>(), n);
    if (attnlab_test::kSanitized) {
      CHECK(std::isfinite(fresh.perplexity));
    } else {
      CHECK(fresh.tokens == metrics["test_head"]["tokens"].get<int64_t>());
      CHECK(fresh.perplexity == Approx(metrics["test_head"]["perplexity"].get<double>()).epsilon(1e-6));
    }
    // and the whole-split figure the page shows is the one the card was trained to report
    CHECK(metrics["test"]["perplexity"].get<double>() > 1.0);
    CHECK(lm.card["parameters"] == lm.model->parameter_count());
    ++checked;
  }
  CHECK(checked == 6);
}

TEST_CASE("shipped: every language model card scores the same held-out tokens, so perplexities compare") {
  // The RNN language models and the causal Transformer read the same test split (Austen's with the
  // Brown Corpus's and WordNet's, build/data/english-mix) through the same grown 8,192-token BPE
  // (issue 53): the number of scored predictions and the tokenizer must agree across cards.
  int64_t tokens = -1;
  nlohmann::json tokenizer;
  for (const char* name : {"lm-rnn-selfattn", "lm-rnn-selfattn-nopenalty", "lm-rnn-selfattn-ch", "lm-lstmn", "lm-rnn",
                           "lm-lstm", "tf-lm"}) {
    INFO(name);
    const std::string dir = std::string(ATTNLAB_MODELS_DIR) + "/" + name;
    const nlohmann::json card = parse_json_text(read_text_file(dir + "/card.json"), "card.json");
    const nlohmann::json config = parse_json_text(read_text_file(dir + "/config.json"), "config.json");
    const int64_t n = card["metrics"]["test"]["tokens"].get<int64_t>();
    if (tokens < 0) {
      tokens = n;
      tokenizer = config["tokenizer"];
    }
    CHECK(n == tokens);
    CHECK(config["tokenizer"] == tokenizer);
    CHECK(card["metrics"]["test"]["perplexity"].get<double>() > 1.0);
  }
}

TEST_CASE("shipped: lesson 2's self-attention readers against the plain models of the same budget") {
  // The lesson's findings as shipped (docs/models.md, README): on the same held-out tokens (the
  // English mix, issue 53) the LSTMN-style model reads better than the plain LSTM, the slides' [x; c]
  // cell better than the plain SimpleRNN (on Austen alone, with 2,048 pieces, it read worse), and the
  // self-weight penalty costs that cell perplexity. Retraining any of them must revisit those sentences.
  const auto card = [](const char* name) {
    return parse_json_text(read_text_file(std::string(ATTNLAB_MODELS_DIR) + "/" + name + "/card.json"), name);
  };
  const auto perplexity = [](const nlohmann::json& c) { return c["metrics"]["test"]["perplexity"].get<double>(); };
  const nlohmann::json rnn = card("lm-rnn"), lstm = card("lm-lstm");
  const nlohmann::json xc = card("lm-rnn-selfattn"), xch = card("lm-rnn-selfattn-ch"), lstmn = card("lm-lstmn");
  const nlohmann::json unpenalized = card("lm-rnn-selfattn-nopenalty");
  CHECK(perplexity(lstmn) < perplexity(lstm));
  CHECK(perplexity(xc) < perplexity(rnn));
  CHECK(perplexity(unpenalized) < perplexity(xc));
  // "of about the same size": within 5% of the baseline's parameters
  for (const auto& [model, baseline] : {std::pair{&xc, &rnn}, std::pair{&xch, &rnn}, std::pair{&lstmn, &lstm}})
    CHECK(std::abs((*model)["parameters"].get<double>() / (*baseline)["parameters"].get<double>() - 1) < 0.05);
}

TEST_CASE("shipped: every config.json is as the engine writes it, a BPE's merges one pair a line") {
  int bpe = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ATTNLAB_MODELS_DIR)) {
    const std::filesystem::path file = entry.path() / "config.json";
    if (!std::filesystem::exists(file)) continue;
    INFO(file.string());
    const std::string text = read_text_file(file.string());
    const nlohmann::json config = parse_json_text(text, "config.json");
    CHECK(config_file_text(config) == text);
    if (config.contains("tokenizer") && config["tokenizer"].value("kind", "") == "bpe") {
      ++bpe;
      CHECK(text.find("\n      [32, 116],\n") != std::string::npos);  // the first merge: " t"
    }
  }
  CHECK(bpe == 12);  // lessons 2 and 3's English models
}
