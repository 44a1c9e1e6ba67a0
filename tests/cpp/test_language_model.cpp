// The "lm" task on a tiny corpus the test writes: BPE trained on it, loss falls, perplexity is
// the exponential of the held-out loss, and a fixed seed gives the same model.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/model_io.h"
#include "models/model.h"
#include "train/language_model.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

fs::path tiny_corpus() {
  // One folder per process: ctest -j runs test cases of this file side by side.
  const fs::path dir = fs::temp_directory_path() / ("attnlab_test_lm_corpus_" + std::to_string(::getpid()));
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

nlohmann::json tiny_config(const std::string& cell) {
  return {
      {"model",
       {{"architecture", "rnn_self_attention"},
        {"embed_dim", 12},
        {"hidden_size", 16},
        {"attn_dim", 8},
        {"cell", cell},
        {"score", "dot"}}},
      {"task",
       {{"kind", "lm"}, {"corpus", tiny_corpus().string()}, {"vocab_size", 300}, {"context", 16}, {"eval_tokens", 0}}},
      {"steps", 60},
      {"batch_size", 4},
      {"lr", 0.01},
      {"seed", 2},
      {"log_every", 20}};
}

}  // namespace

TEST_CASE("lm: a tiny RNN + self-attention run lowers the loss and the held-out perplexity") {
  for (const char* cell : {"rnn", "lstm"}) {
    INFO(cell);
    const nlohmann::json cfg = tiny_config(cell);
    auto model = build_model(lm_model_config(cfg["model"], cfg["task"]));
    CHECK(model->tokenizer().vocab_size() <= 300);
    const std::vector<int> valid = model->tokenizer().encode(read_corpus_text(cfg["task"]["corpus"], "valid.txt")).ids;
    Rng rng(2);
    model->init(rng);
    const LmMetrics before = evaluate_lm(*model, valid, 16, 0);
    std::ostringstream log;
    const TrainReport rep = train_language_model(*model, cfg, log);
    INFO(log.str());
    REQUIRE(rep.loss_curve.size() == 3);
    CHECK(rep.loss_curve.back() < 0.6 * rep.loss_curve.front());
    const double after = rep.metrics["valid"]["perplexity"];
    CHECK(after < 0.5 * before.perplexity);
    CHECK(after == Approx(std::exp(rep.metrics["valid"]["loss"].get<double>())));
  }
}

TEST_CASE("lm: the same seed gives the same weights") {
  const nlohmann::json cfg = tiny_config("rnn");
  const auto weights = [&] {
    auto model = build_model(lm_model_config(cfg["model"], cfg["task"]));
    std::ostringstream log;
    train_language_model(*model, cfg, log);
    return export_weights(*model);
  };
  const auto a = weights(), b = weights();
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(a[i].values == b[i].values);
}
