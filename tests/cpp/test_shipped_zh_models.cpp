// Lesson 1's English <-> Chinese models in models/ are what their cards say (issue 19): each
// loads, a fresh evaluation on the held-out split (regenerated from the grammar's seed, read the
// card's way round) gives every number of the card's test metrics, and the card's "targets"
// (scripts/card-targets: met, or missed by how much) follow from those numbers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <vector>

#include "data/en_zh_grammar.h"
#include "io/model_io.h"
#include "models/seq2seq.h"
#include "sanitized.h"
#include "train/translate.h"

using namespace attnlab;

namespace {

// The shipped folders: scripts/train-seq2seq-zh [en-zh|zh-en] VARIANT.
const char* const kZhModels[] = {"seq2seq-en-zh-additive", "seq2seq-en-zh-dot", "seq2seq-en-zh-none",
                                 "seq2seq-zh-en-additive", "seq2seq-zh-en-dot", "seq2seq-zh-en-none"};

// The corpus of scripts/train-seq2seq-zh: seed 1, 20,000 / 1,000 / 1,000, either way round.
const Corpus& corpus(bool chinese_first) {
  static const Corpus en_zh = generate_en_zh_corpus(CorpusOptions{});
  static const Corpus zh_en = transposed(en_zh);
  return chinese_first ? zh_en : en_zh;
}

bool is_zh_en(const std::string& name) { return name.find("-zh-en-") != std::string::npos; }

// What scripts/card-targets writes for one bound (at least / at most `goal`).
void check_bound(const nlohmann::json& entry, double value, double goal, bool at_least) {
  INFO(entry.dump());
  CHECK(entry["value"].get<double>() == Approx(value).margin(1e-12));
  const bool met = at_least ? value >= goal : value <= goal;
  CHECK(entry["met"].get<bool>() == met);
  CHECK(entry["missed_by"].get<double>() == Approx(met ? 0.0 : std::abs(value - goal)).margin(1e-12));
}

// The baseline's target: at most 5% exact match from 8 source words on, each such bucket below
// the shortest one.
bool falls_with_length(const nlohmann::json& by_length, double* worst) {
  std::vector<std::pair<int, double>> buckets;
  for (const auto& [key, v] : by_length.items())
    buckets.emplace_back(std::stoi(key.substr(0, key.find('-'))), v["exact_match"].get<double>());
  std::sort(buckets.begin(), buckets.end());
  bool any_long = false, below_first = true;
  *worst = 0;
  for (const auto& [lo, em] : buckets) {
    if (lo < 8) continue;
    any_long = true;
    *worst = std::max(*worst, em);
    below_first &= em < buckets.front().second;
  }
  return any_long && *worst <= 0.05 && below_first;
}

}  // namespace

TEST_CASE("shipped zh: English <-> Chinese models reproduce every test metric of their cards") {
  for (size_t m = 0; m < attnlab_test::shipped_subset(std::size(kZhModels)); ++m) {  // sanitized.h
    const char* name = kZhModels[m];
    INFO(name);
    const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name);
    const auto* model = dynamic_cast<const Seq2Seq*>(lm.model.get());
    REQUIRE(model != nullptr);
    CHECK(lm.card["data"]["task"]["corpus"] == (is_zh_en(name) ? "build/data/zh-en" : "build/data/en-zh"));
    const nlohmann::json& card = lm.card["metrics"]["test"];
    REQUIRE(card["n"] == 1000);
    const TranslationMetrics fresh = evaluate_translation(*model, corpus(is_zh_en(name)).test, 0);
    CHECK(fresh.n == 1000);
    // Same weights, same data, same code: the numbers agree (up to float summation order).
    CHECK(fresh.exact_match == Approx(card["exact_match"].get<double>()).margin(1e-9));
    CHECK(fresh.token_accuracy == Approx(card["token_accuracy"].get<double>()).margin(1e-6));
    CHECK(fresh.bleu == Approx(card["bleu"].get<double>()).margin(1e-9));
    CHECK(fresh.loss == Approx(card["loss"].get<double>()).margin(1e-4));
    if (model->has_attention()) {
      CHECK(fresh.aer == Approx(card["aer"].get<double>()).margin(1e-6));
      CHECK(fresh.alignment_error == Approx(card["alignment_error"].get<double>()).margin(1e-6));
      CHECK(fresh.attention_precision == Approx(card["attention_precision"].get<double>()).margin(1e-6));
    } else {
      CHECK(card["aer"].is_null());  // no attention, no alignment to score
      CHECK(card["alignment_error"].is_null());
    }
    REQUIRE(fresh.by_length.size() == card["exact_match_by_length"].size());
    for (const auto& [bucket, v] : fresh.by_length.items()) {
      INFO("bucket " << bucket);
      const nlohmann::json& c = card["exact_match_by_length"][bucket];
      CHECK(v["n"] == c["n"]);
      CHECK(v["exact_match"].get<double>() == Approx(c["exact_match"].get<double>()).margin(1e-9));
    }
    CHECK(lm.card["parameters"] == lm.model->parameter_count());
  }
}

TEST_CASE("shipped zh: each card's targets (met, or missed by how much) follow from its metrics") {
  for (const char* name : kZhModels) {
    INFO(name);
    const LoadedModel lm = load_model_dir(std::string(ATTNLAB_MODELS_DIR) + "/" + name);
    const auto* model = dynamic_cast<const Seq2Seq*>(lm.model.get());
    REQUIRE(model != nullptr);
    const nlohmann::json& test = lm.card["metrics"]["test"];
    REQUIRE(lm.card.contains("targets"));
    const nlohmann::json& entries = lm.card["targets"]["entries"];
    bool all_met = true;
    for (const auto& e : entries) all_met &= e["met"].get<bool>();
    CHECK(lm.card["targets"]["all_met"].get<bool>() == all_met);
    if (model->has_attention()) {
      REQUIRE(entries.size() == 3);
      CHECK(entries[0]["metric"] == "exact_match");
      check_bound(entries[0], test["exact_match"].get<double>(), 0.90, true);
      CHECK(entries[1]["metric"] == "alignment_error");
      check_bound(entries[1], test["alignment_error"].get<double>(), 0.15, false);
      CHECK(entries[2]["metric"] == "aer");
      check_bound(entries[2], test["aer"].get<double>(), 0.15, false);
    } else {
      REQUIRE(entries.size() == 1);
      CHECK(entries[0]["metric"] == "exact_match_by_length");
      double worst = 0;
      const bool met = falls_with_length(test["exact_match_by_length"], &worst);
      CHECK(entries[0]["met"].get<bool>() == met);
      CHECK(entries[0]["value"].get<double>() == Approx(worst).margin(1e-12));
    }
  }
}
