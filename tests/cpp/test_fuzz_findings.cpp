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
// held. Here 2^20 x 16 (64 MB of values and as much of gradients) with a well-formed 10-byte weights
// file (an empty header): the fix refuses it by the file's size before allocating; without the fix
// the model is built and the error is a missing tensor instead. (A malformed file is named as such
// first: its structure is checked before the config is built.)
TEST_CASE("fuzz finding 1: a config bigger than its weights file fails before allocating", "[fuzz]") {
  const std::string config =
      R"({"architecture": "rnn_lm", "vocab_size": 1048576, "embed_dim": 16, "hidden_size": 16, "cell": "rnn"})";
  const std::string empty_file = std::string("\x02\0\0\0\0\0\0\0", 8) + "{}";
  const std::string error = load_error(config, empty_file);
  CHECK(error.find("asks for more parameters than model.safetensors can hold (10 bytes, at most 10 values)") !=
        std::string::npos);
  // The same config with random weights (Session.loadRandom, no file) still builds.
  CHECK(build_model(parse_json_text(config, "config"))->parameter_count() > 1048576 * 16);
}
