// JSON the engine reads (config.json, card.json, a train config, an intervention) is read whole or
// refused: a key given twice in one object is refused by name (issue 52 C4), since a JSON reader
// silently keeps one of the two and the model would run with a value nobody chose.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "cli/cli.h"
#include "io/json_text.h"
#include "io/model_io.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

const char* kConfig = R"({"architecture": "attention_encoder", "vocab_size": 64, "d_model": 12,
  "n_head": 3, "n_head": 6, "positional": "sinusoidal", "tokenizer": {"kind": "hash_words"}})";

std::string thrown_by(const std::function<void()>& f, std::string* code = nullptr) {
  try {
    f();
  } catch (const std::exception& e) {
    if (code) *code = error_code(e);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("json text: a key given twice is refused, naming the key and the file") {
  std::string code;
  const std::string why = thrown_by([] { parse_json_text(kConfig, "config.json"); }, &code);
  CHECK_THAT(why, Catch::Contains("config.json"));
  CHECK_THAT(why, Catch::Contains("\"n_head\" appears twice"));
  CHECK(code == std::string("duplicate_key"));
  // What the boundary reports beside the code (cpp/wasm/bindings.cpp): the file and the key.
  try {
    parse_json_text(kConfig, "config.json");
  } catch (const JsonError& e) {
    CHECK(e.file == "config.json");
    CHECK(e.key == "n_head");
  }
}

TEST_CASE("json text: a key twice inside a nested object is named with its path") {
  const std::string why = thrown_by(
      [] { parse_json_text(R"({"tokenizer": {"kind": "words", "kind": "bpe"}, "names": {}})", "config.json"); });
  CHECK_THAT(why, Catch::Contains("\"kind\" appears twice inside \"tokenizer\""));
}

TEST_CASE("json text: the same key in two different objects is fine") {
  const nlohmann::json j = parse_json_text(R"({"a": {"kind": 1}, "b": {"kind": 2}, "c": [{"k": 1}, {"k": 2}]})", "x");
  CHECK(j["b"]["kind"] == 2);
  CHECK(j["c"][1]["k"] == 2);
}

TEST_CASE("json text: text that is not JSON has its own code and names the file") {
  std::string code;
  const std::string why = thrown_by([] { parse_json_text("{\"a\": ", "card.json"); }, &code);
  CHECK(code == std::string("json"));
  CHECK_THAT(why, Catch::Contains("card.json: not valid JSON"));
}

TEST_CASE("json text: a model folder whose config.json gives n_head twice does not load") {
  std::string code;
  const std::string why =
      thrown_by([] { load_model_from_memory(kConfig, nullptr, 0, "", "model.safetensors"); }, &code);
  CHECK(code == std::string("duplicate_key"));
  CHECK_THAT(why, Catch::Contains("\"n_head\" appears twice"));

  // The CLI's init reads a config the same way: exit 1 with the key named.
  const fs::path dir = fs::temp_directory_path() / "attnlab_test_json_twice";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "config.json") << kConfig;
  std::ostringstream out, err;
  const int exit_code = run_cli({"init", (dir / "config.json").string(), "--out", (dir / "m").string()}, out, err);
  CHECK(exit_code == 1);
  CHECK_THAT(err.str(), Catch::Contains("\"n_head\" appears twice"));
  CHECK_FALSE(fs::exists(dir / "m" / "model.safetensors"));
}

TEST_CASE("json text: a model folder's config.json with a field the engine does not read keeps code config") {
  // The page says "a setting it does not know" for code "config" (issue 52 B3); it was "load".
  const std::string config =
      R"({"architecture": "transformer", "vocab_size": 11, "d_model": 4, "n_head": 2, "n_layer": 1, "d_ff": 5,
          "norm_firts": true, "tokenizer": {"kind": "hash_words"}})";
  const uint8_t header[] = {2, 0, 0, 0, 0, 0, 0, 0, '{', '}'};
  std::string code;
  const std::string why =
      thrown_by([&] { load_model_from_memory(config, header, sizeof header, "", "model.safetensors"); }, &code);
  CHECK(code == std::string("config"));
  CHECK_THAT(why, Catch::Contains("config.json: ") && Catch::Contains("\"norm_firts\""));
}
