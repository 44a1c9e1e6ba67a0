// Regression tests for what the libFuzzer harnesses (tests/fuzz) found: each input that went wrong,
// as a test case that fails without its fix. docs/testing.md, "Fuzzing and sanitizers", lists them.
#include <catch2/catch.hpp>

#include <string>

#include "io/model_io.h"

using namespace attnlab;

namespace {

std::string load_error(const std::string& config, const std::string& weights) {
  try {
    load_model_from_memory(config, reinterpret_cast<const uint8_t*>(weights.data()), weights.size(), "");
  } catch (const ModelLoadError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// Finding 1 (model_folder): the loader built the model from config.json before it read the weights,
// so a 100-byte config asking for vocab_size 2^20 x 4096 allocated 16 GB, whatever the weights file
// held. Here 2^20 x 8 (32 MB of values and as much of gradients) with a well-formed 10-byte weights
// file (an empty header): the fix refuses it by the file's size (two values a byte, as 4-bit weights
// store them) before allocating; without the fix
// the model is built and the error is a missing tensor instead. (A malformed file is named as such
// first: its structure is checked before the config is built.)
TEST_CASE("fuzz finding 1: a config bigger than its weights file fails before allocating", "[fuzz]") {
  const std::string config =
      R"({"architecture": "rnn_lm", "vocab_size": 1048576, "embed_dim": 8, "hidden_size": 8, "cell": "rnn"})";
  const std::string empty_file = std::string("\x02\0\0\0\0\0\0\0", 8) + "{}";
  const std::string error = load_error(config, empty_file);
  CHECK(error.find("asks for more parameters than model.safetensors can hold (10 bytes, at most 20 values)") !=
        std::string::npos);
  // The same config with random weights (Session.loadRandom, no file) still builds.
  CHECK(build_model(parse_json_text(config, "config"))->parameter_count() > 1048576 * 8);
}

// Finding 3 (model_folder, CI of 2026-11-28): the same kind of config with no weights at all (the
// harness's Session.loadRandom path, also the training lab) had no limit: vocab_size 2^20 and a
// width of 2048 asked malloc for 8 GB. build_model now holds every model without a weights file to
// ParamBudget::kMaxParameters. Here 2^16 x 1024 (64 M values: 512 MB with the gradients, so the test
// can run without the fix, when it builds and the check fails).
TEST_CASE("fuzz finding 3: a random model past the engine's parameter limit is refused by name", "[fuzz]") {
  const std::string config =
      R"({"architecture": "rnn_lm", "vocab_size": 65536, "embed_dim": 1024, "hidden_size": 16, "cell": "rnn"})";
  CHECK_THROWS_AS(build_model(parse_json_text(config, "config")), ConfigError);
  CHECK_THROWS_WITH(build_model(parse_json_text(config, "config")),
                    Catch::Contains("asks for more than 33554432 parameters") && Catch::Contains("vocab_size"));
  // At the limit's side: 2^16 x 256 (16 M values) still builds.
  const std::string under =
      R"({"architecture": "rnn_lm", "vocab_size": 65536, "embed_dim": 256, "hidden_size": 16, "cell": "rnn"})";
  CHECK(build_model(parse_json_text(under, "config"))->parameter_count() > 65536 * 256);
}

// Finding 4 (read in the code while fixing finding 3): the activations behind the same input: a model within the
// parameter limit (vocab_size 2^20, width 1: 3 M values) reading 256 tokens held 256 x 2^20 logits (1 GB, more with the
// softmax). Every model now reads and writes at most Model::kMaxLogits / vocabulary positions, and says so by its
// max_tokens; without the cap max_tokens stays 256 and the checks fail.
TEST_CASE("fuzz finding 4: a huge vocabulary reads fewer tokens instead of holding gigabytes of logits", "[fuzz]") {
  const auto lm = build_model(parse_json_text(
      R"({"architecture": "rnn_lm", "vocab_size": 1048576, "embed_dim": 1, "hidden_size": 1, "cell": "rnn"})",
      "config"));
  CHECK(lm->max_tokens() == 16);
  Rng rng(1);
  lm->init(rng);
  auto words = [](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "a ";
    return s;
  };
  CHECK_THROWS_AS(lm->forward_text(words(17)), TooManyTokens);
  CHECK(lm->forward_text(words(16)).tokens.size() == 16);
  // The shipped models' vocabularies (2,048 at most) keep the config's 256.
  const auto small = build_model(parse_json_text(
      R"({"architecture": "rnn_lm", "vocab_size": 2048, "embed_dim": 1, "hidden_size": 1, "cell": "rnn"})", "config"));
  CHECK(small->max_tokens() == 256);
}
