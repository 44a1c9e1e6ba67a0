// The training lab's toy tasks: their gold alignments on hand-checked cases, and a lab run that
// takes the same steps as `attnlab train` on the same config.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include "data/toy_tasks.h"
#include "io/model_io.h"
#include "train/lab.h"
#include "train/trainer.h"

using namespace attnlab;

namespace {

using Links = std::vector<std::pair<int, int>>;

ToyTask task_of(const std::string& kind, int min_len = 5, int max_len = 8) {
  return read_toy_task({{"kind", kind}, {"min_len", min_len}, {"max_len", max_len}, {"symbols", 6}, {"shift", 2}});
}

// Target word j's gold source words.
std::set<int> gold_of(const SentencePair& p, int j) {
  std::set<int> s;
  for (const auto& [src, tgt] : p.alignment)
    if (tgt == j) s.insert(src);
  return s;
}

nlohmann::json lab_config(int steps) {
  return {
      {"model", {{"architecture", "seq2seq"}, {"embed_dim", 8}, {"hidden_size", 16}, {"attention", "additive"}}},
      {"task", {{"kind", "reverse"}, {"min_len", 3}, {"max_len", 6}, {"symbols", 5}, {"n_eval", 20}, {"n_test", 20}}},
      {"steps", steps},
      {"batch_size", 4},
      {"lr", 0.01},
      {"seed", 3},
      {"log_every", 1000}};
}

}  // namespace

TEST_CASE("toy tasks: reverse and shift read the positions the definition says") {
  Rng rng(11);
  for (int k = 0; k < 50; ++k) {
    const SentencePair r = toy_pair(task_of("reverse"), rng);
    const int n = static_cast<int>(r.en.size());
    REQUIRE(r.fr.size() == r.en.size());
    for (int j = 0; j < n; ++j) {
      CHECK(r.fr[static_cast<size_t>(j)] == r.en[static_cast<size_t>(n - 1 - j)]);
      CHECK(gold_of(r, j) == std::set<int>{n - 1 - j});
    }
    const SentencePair s = toy_pair(task_of("shift"), rng);
    const int m = static_cast<int>(s.en.size());
    for (int j = 0; j < m; ++j) {
      CHECK(s.fr[static_cast<size_t>(j)] == s.en[static_cast<size_t>((j + 2) % m)]);
      CHECK(gold_of(s, j) == std::set<int>{(j + 2) % m});
    }
  }
}

TEST_CASE("toy tasks: sort writes the symbols in order and every copy of a symbol is a right answer") {
  Rng rng(5);
  for (int k = 0; k < 50; ++k) {
    const SentencePair p = toy_pair(task_of("sort"), rng);
    std::vector<std::string> sorted = p.en;
    std::sort(sorted.begin(), sorted.end());
    CHECK(p.fr == sorted);
    for (int j = 0; j < static_cast<int>(p.fr.size()); ++j) {
      std::set<int> same;
      for (int i = 0; i < static_cast<int>(p.en.size()); ++i)
        if (p.en[static_cast<size_t>(i)] == p.fr[static_cast<size_t>(j)]) same.insert(i);
      CHECK(gold_of(p, j) == same);
    }
  }
}

TEST_CASE("toy tasks: a date is written YYYY-MM-DD, each digit reading its source") {
  const char* months[] = {"January", "February", "March",     "April",   "May",      "June",
                          "July",    "August",   "September", "October", "November", "December"};
  Rng rng(2026);
  int day_first = 0, one_digit = 0;
  for (int k = 0; k < 300; ++k) {
    const SentencePair p = toy_pair(task_of("date"), rng);
    REQUIRE(p.fr.size() == 10);
    CHECK(p.fr[4] == "-");
    CHECK(p.fr[7] == "-");
    CHECK(gold_of(p, 4).empty());
    CHECK(gold_of(p, 7).empty());
    // Where the month name and the day's digits are in the source.
    int month_at = -1;
    std::vector<int> day_at;
    for (int i = 0; i < static_cast<int>(p.en.size()); ++i) {
      const std::string& w = p.en[static_cast<size_t>(i)];
      if (std::isalpha(static_cast<unsigned char>(w[0]))) month_at = i;
    }
    REQUIRE(month_at >= 0);
    const int month = static_cast<int>(std::find(std::begin(months), std::end(months), p.en[month_at]) - months) + 1;
    for (int i = 0; i < static_cast<int>(p.en.size()) - 4; ++i)
      if (i != month_at) day_at.push_back(i);
    day_first += month_at > 0;
    one_digit += day_at.size() == 1;
    // Year: the last four source words, digit for digit.
    const int S = static_cast<int>(p.en.size());
    for (int k2 = 0; k2 < 4; ++k2) {
      CHECK(p.fr[static_cast<size_t>(k2)] == p.en[static_cast<size_t>(S - 4 + k2)]);
      CHECK(gold_of(p, k2) == std::set<int>{S - 4 + k2});
    }
    // Month: two digits, both reading the month's name.
    CHECK(p.fr[5] + p.fr[6] == (month < 10 ? "0" : "") + std::to_string(month));
    CHECK(gold_of(p, 5) == std::set<int>{month_at});
    CHECK(gold_of(p, 6) == std::set<int>{month_at});
    // Day: two digits; digit k reads day digit k, or the single digit of a one-digit day.
    std::string day;
    for (int i : day_at) day += p.en[static_cast<size_t>(i)];
    CHECK(p.fr[8] + p.fr[9] == (day.size() == 1 ? "0" + day : day));
    CHECK(gold_of(p, 8) == std::set<int>{day_at.front()});
    CHECK(gold_of(p, 9) == std::set<int>{day_at.back()});
  }
  CHECK(day_first > 50);  // both source formats are drawn
  CHECK(day_first < 250);
  CHECK(one_digit > 20);
}

TEST_CASE("toy tasks: one hand-checked date and a bad config named") {
  // "7 March <year>" (day first), the first such draw of this seed, with its links written out by hand.
  Rng rng(1);
  SentencePair p;
  for (int k = 0; k < 2000 && !(p.en.size() == 6 && p.en[1] == "March" && p.en[0] == "7"); ++k)
    p = toy_pair(task_of("date"), rng);
  REQUIRE(p.en.size() == 6);
  REQUIRE(p.en[1] == "March");
  CHECK(p.fr == std::vector<std::string>{p.en[2], p.en[3], p.en[4], p.en[5], "-", "0", "3", "-", "0", "7"});
  CHECK(p.alignment == Links{{0, 8}, {0, 9}, {1, 5}, {1, 6}, {2, 0}, {3, 1}, {4, 2}, {5, 3}});
  CHECK_THROWS_WITH(read_toy_task({{"kind", "juggle"}}), Catch::Contains("reverse, shift, sort or date"));
  CHECK_THROWS_WITH(read_toy_task({{"kind", "reverse"}, {"min_len", 9}, {"max_len", 4}}),
                    Catch::Contains("\"max_len\" (4) is below \"min_len\" (9)"));
}

TEST_CASE("lab: stepping a run gives the weights `attnlab train` gives for the same config and steps") {
  const int steps = 30;
  LabRun lab(lab_config(steps));
  double first = 0, last = 0;
  for (int s = 0; s < steps; ++s) {
    const double loss = lab.step();
    if (s == 0) first = loss;
    last = loss;
  }
  CHECK(lab.steps_taken() == steps);
  CHECK(last < first);

  nlohmann::json config = lab_config(steps);
  config["model"] = complete_model_config(config);
  std::unique_ptr<Model> model = build_model(config["model"]);
  std::ostringstream log;
  train_from_config(*model, config, log);
  const std::vector<TensorData> a = export_weights(lab.model()), b = export_weights(*model);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO(a[i].name);
    CHECK(a[i].name == b[i].name);
    CHECK(a[i].values == b[i].values);
  }
}

TEST_CASE("lab: a tiny run learns to reverse, and its held-out map has the gold links") {
  nlohmann::json config = lab_config(400);
  LabRun lab(config);
  const nlohmann::json before = lab.evaluate(20);
  for (int s = 0; s < 400; ++s) lab.step();
  const nlohmann::json after = lab.evaluate(20);
  CHECK(after["loss"].get<double>() < before["loss"].get<double>());
  CHECK(after["alignment_error"].get<double>() < before["alignment_error"].get<double>());
  const LabExample ex = lab.example(0);
  REQUIRE(ex.trace.maps.size() == 1);
  CHECK(ex.trace.maps[0].weights.cols() == static_cast<Eigen::Index>(ex.source.size()));
  CHECK(ex.target.size() == ex.source.size());
  CHECK_THROWS_AS(lab.example(20), std::out_of_range);
  CHECK(lab.card(20)["training"]["steps"] == 400);
  CHECK_THROWS_WITH(LabRun({{"task", {{"kind", "reverse"}}}, {"model", {{"architecture", "transformer"}}}}),
                    Catch::Contains("needs a model of architecture \"seq2seq\""));
}

TEST_CASE("lab: tokens_taken counts each trained example's inputs and output rows") {
  const nlohmann::json config = lab_config(3);
  LabRun lab(config);
  CHECK(lab.tokens_taken() == 0);
  for (int s = 0; s < 3; ++s) lab.step();
  // The same stream drawn again: 3 steps of batch 4 read its first 12 examples.
  nlohmann::json completed = config;
  completed["model"] = complete_model_config(completed);
  std::unique_ptr<Model> model = build_model(completed["model"]);
  std::unique_ptr<LabTask> task = make_lab_task(*model, completed["task"], 3);
  long long expected = 0;
  for (int i = 0; i < 12; ++i) {
    const Example& ex = task->next();
    expected += static_cast<long long>(ex.ids.size() + ex.targets.size());
  }
  CHECK(lab.tokens_taken() == expected);
}
