// The CLI's contract (exit codes, messages, JSON) and the model loader's promise: any problem is
// an exception naming what is wrong, and never a partial model.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/cli.h"
#include "io/model_io.h"
#include "models/attention_encoder.h"
#include "text/word_tokenizer.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

struct CliRun {
  int code;
  std::string out, err;
};

CliRun cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  return {code, out.str(), err.str()};
}

fs::path temp_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("attnlab_test_" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

const nlohmann::json kDemoConfig = {{"architecture", "attention_encoder"},
                                    {"vocab_size", 64},
                                    {"d_model", 8},
                                    {"n_head", 2},
                                    {"positional", "sinusoidal"},
                                    {"tokenizer", {{"kind", "hash_words"}}}};

fs::path write_demo_model(const std::string& name) {
  const fs::path dir = temp_dir(name);
  std::ofstream(dir / "config.in.json") << kDemoConfig.dump();
  const CliRun r = cli({"init", (dir / "config.in.json").string(), "--out", (dir / "model").string(), "--seed", "5"});
  REQUIRE(r.code == 0);
  return dir / "model";
}

}  // namespace

TEST_CASE("cli: usage errors exit 2 with a message") {
  CHECK(cli({}).code == 2);
  const CliRun unknown = cli({"frobnicate"});
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown command \"frobnicate\""));
  const CliRun both = cli({"forward", "x", "--text", "a", "--ids", "1"});
  CHECK(both.code == 2);
  CHECK_THAT(both.err, Catch::Contains("exactly one of --text or --ids"));
  CHECK(cli({"forward", "x", "--text"}).code == 2);
  CHECK_THAT(cli({"forward", "x", "--bogus", "1"}).err, Catch::Contains("unknown option --bogus"));
  CHECK(cli({"init", "c.json", "--out", "d", "--seed", "12x"}).code == 2);
  CHECK(cli({"--help"}).code == 0);
}

TEST_CASE("cli: missing or broken model folders exit 1 with a message") {
  const CliRun missing = cli({"forward", "/nonexistent/model", "--text", "hi"});
  CHECK(missing.code == 1);
  CHECK_THAT(missing.err, Catch::Contains("is not a model folder"));

  const fs::path dir = write_demo_model("broken");
  std::ofstream(dir / "config.json") << "{\"architecture\": \"attention_encoder\",";
  const CliRun bad_json = cli({"info", dir.string()});
  CHECK(bad_json.code == 1);
  CHECK_THAT(bad_json.err, Catch::Contains("config.json: not valid JSON"));

  std::ofstream(dir / "config.json") << R"({"architecture": "transformer_xl"})";
  CHECK_THAT(cli({"info", dir.string()}).err, Catch::Contains("known architectures"));

  std::ofstream(dir / "config.json") << kDemoConfig.dump();
  std::ofstream(dir / "model.safetensors", std::ios::binary) << "abc";
  const CliRun truncated = cli({"forward", dir.string(), "--text", "hi"});
  CHECK(truncated.code == 1);
  CHECK_THAT(truncated.err, Catch::Contains("model.safetensors"));
}

TEST_CASE("cli: init, info and forward agree on a model folder") {
  const fs::path dir = write_demo_model("roundtrip");
  const CliRun info = cli({"info", dir.string()});
  REQUIRE(info.code == 0);
  const auto j = nlohmann::json::parse(info.out);
  // embedding 64x8 + in_proj 24x8 + 24 + out_proj 8x8 + 8 + norm 8 + 8 + head 64x8 + 64
  CHECK(j["parameters"] == 64 * 8 + 24 * 8 + 24 + 64 + 8 + 16 + 64 * 8 + 64);
  CHECK(j["card"]["seed"] == 5);

  const CliRun fwd = cli({"forward", dir.string(), "--text", "The FBI is chasing a criminal.", "--json"});
  REQUIRE(fwd.code == 0);
  const auto t = nlohmann::json::parse(fwd.out);
  REQUIRE(t["tokens"].size() == 7);  // six words and the full stop
  REQUIRE(t["maps"].size() == 2);    // one per head
  for (const auto& m : t["maps"]) {
    REQUIRE(m["rows"] == 7);
    REQUIRE(m["weights"].size() == 49);
    for (int r = 0; r < 7; ++r) {
      double sum = 0;
      for (int c = 0; c < 7; ++c) sum += m["weights"][r * 7 + c].get<double>();
      CHECK(sum == Approx(1.0).margin(1e-5));
    }
  }
  const CliRun ids = cli({"forward", dir.string(), "--ids", "1,2,3"});
  CHECK(ids.code == 0);
  CHECK_THAT(ids.out, Catch::Contains("self-attention (layer 0, head 1)"));
  const CliRun out_of_range = cli({"forward", dir.string(), "--ids", "1,64"});
  CHECK(out_of_range.code == 1);
  CHECK_THAT(out_of_range.err, Catch::Contains("outside the vocabulary of 64"));
}

TEST_CASE("loading: wrong, missing and extra tensors are named and the model is never partial") {
  AttentionEncoder source(kDemoConfig);
  Rng rng(1);
  source.init(rng);
  const std::vector<TensorData> good = export_weights(source);
  const auto file_of = [](const std::vector<TensorData>& t) {
    const std::vector<uint8_t> bytes = write_safetensors(t, DType::F32);
    return read_safetensors(bytes.data(), bytes.size(), "test.safetensors");
  };

  AttentionEncoder target(kDemoConfig);
  Rng other(2);
  target.init(other);
  std::vector<float> embedding_before = export_weights(target)[0].values;

  SECTION("a shape that disagrees with the config names the tensor, both shapes and the config sizes") {
    std::vector<TensorData> t = good;
    for (TensorData& d : t)
      if (d.name == "attn.in_proj_weight") {
        d.shape = {24, 4};
        d.values.resize(96);
      }
    REQUIRE_THROWS_WITH(assign_weights(target, file_of(t), "test.safetensors"),
                        Catch::Contains("tensor \"attn.in_proj_weight\" has shape [24,4], but the config "
                                        "(vocab_size=64, d_model=8, n_head=2) needs [24,8]"));
  }
  SECTION("a missing tensor") {
    std::vector<TensorData> t = good;
    t.pop_back();  // head.bias
    REQUIRE_THROWS_WITH(assign_weights(target, file_of(t), "test.safetensors"),
                        Catch::Contains("missing tensor \"head.bias\" (shape [64]"));
  }
  SECTION("an extra tensor") {
    std::vector<TensorData> t = good;
    t.push_back({"decoder.weight", DType::F32, {2}, {1.f, 2.f}});
    REQUIRE_THROWS_WITH(assign_weights(target, file_of(t), "test.safetensors"),
                        Catch::Contains("unexpected tensor \"decoder.weight\""));
  }
  SECTION("a bad last tensor leaves every earlier one untouched") {
    std::vector<TensorData> t = good;
    t.back().shape = {63};
    t.back().values.resize(63);
    REQUIRE_THROWS(assign_weights(target, file_of(t), "test.safetensors"));
  }
  // Whatever failed above, target kept its own weights.
  CHECK(export_weights(target)[0].values == embedding_before);

  SECTION("good weights load, through memory as the page does, and give the source's outputs") {
    const std::vector<uint8_t> bytes = write_safetensors(good, DType::F32);
    LoadedModel lm = load_model_from_memory(kDemoConfig.dump(), bytes.data(), bytes.size(), "");
    const ForwardTrace a = lm.model->forward_text("the red car");
    const ForwardTrace b = source.forward_text("the red car");
    REQUIRE(a.maps.size() == b.maps.size());
    CHECK(a.maps[0].weights.isApprox(b.maps[0].weights, 0));
  }
}

TEST_CASE("tokenizer: words, punctuation, Unicode and invalid bytes") {
  CHECK(split_words("The FBI is chasing a criminal on the run.") ==
        std::vector<std::string>{"The", "FBI", "is", "chasing", "a", "criminal", "on", "the", "run", "."});
  CHECK(split_words("  ").empty());
  CHECK(split_words("café, naïve 注意力😀") == std::vector<std::string>{"café", ",", "naïve", "注意力😀"});
  CHECK(split_words("<img src=x onerror=alert(1)>") ==
        std::vector<std::string>{"<", "img", "src", "=", "x", "onerror", "=", "alert", "(", "1", ")", ">"});
  // Invalid UTF-8 (a lone continuation byte, a truncated sequence, an overlong slash) becomes U+FFFD.
  CHECK(sanitize_utf8("a\x80"
                      "b\xE2\x82"
                      "c\xC0\xAF") ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD\xEF\xBF\xBD"
        "c\xEF\xBF\xBD\xEF\xBF\xBD");
  const WordTokenizer vocab({{"kind", "words"}, {"vocab", {"<unk>", "the", "red", "car"}}}, 4);
  const Tokenized t = vocab.encode("The red bicycle");
  CHECK(t.ids == std::vector<int>{1, 2, 0});
  CHECK(t.unknown == std::vector<bool>{false, false, true});
  const WordTokenizer hashed({{"kind", "hash_words"}}, 50);
  CHECK(hashed.encode("cat").ids == hashed.encode("CAT").ids);
}

TEST_CASE("tokenizer: a word list's special tokens typed in the text are read whole (issue 52 C3)") {
  const nlohmann::json config = {{"kind", "words"},
                                 {"vocab", {"<unk>", "<mask>", "[MASK]", "<eos>", "the", "cat", "sat", ".", "<", ">"}}};
  const WordTokenizer tok(config, 10);
  const Tokenized t = tok.encode("The <mask> sat.");
  CHECK(t.tokens == std::vector<std::string>{"The", "<mask>", "sat", "."});
  CHECK(t.ids == std::vector<int>{4, 1, 6, 7});
  CHECK(t.unknown == std::vector<bool>{false, false, false, false});
  // Other spellings of a special token, and one inside a word, are matched exactly as written.
  CHECK(tok.encode("the [MASK]<eos>").ids == std::vector<int>{4, 2, 3});
  CHECK(tok.encode("cat<mask>sat").tokens == std::vector<std::string>{"cat", "<mask>", "sat"});
  // Case matters for a special token ("<MASK>" is not in the vocabulary): read as its pieces.
  CHECK(tok.encode("<MASK>").tokens == std::vector<std::string>{"<", "MASK", ">"});
  // A vocabulary without them reads the pieces, as before.
  const WordTokenizer plain({{"kind", "words"}, {"vocab", {"<unk>", "the", "<", ">", "mask"}}}, 5);
  CHECK(plain.encode("the <mask>").ids == std::vector<int>{1, 2, 4, 3});
}

TEST_CASE("models: a text longer than the model reads is refused with the counts") {
  AttentionEncoder m(nlohmann::json(kDemoConfig).patch(nlohmann::json::array()));
  Rng rng(1);
  m.init(rng);
  std::string text;
  for (int i = 0; i < 300; ++i) text += "word ";
  REQUIRE_THROWS_WITH(m.forward_text(text), Catch::Contains("the text has 300 tokens; this model reads at most 256"));
  CHECK(m.forward_text("").maps.empty());
}

TEST_CASE("cli: quantize writes a smaller folder that loads, and compare measures what changed") {
  const fs::path model = write_demo_model("quantize");
  const fs::path q8 = model.parent_path() / "q8", f16 = model.parent_path() / "f16";
  const CliRun q = cli({"quantize", model.string(), "--out", q8.string()});
  REQUIRE(q.code == 0);
  CHECK_THAT(q.out, Catch::Contains("as I8"));
  REQUIRE(cli({"quantize", model.string(), "--out", f16.string(), "--dtype", "F16"}).code == 0);
  CHECK(fs::file_size(q8 / "model.safetensors") < fs::file_size(f16 / "model.safetensors"));
  CHECK(fs::file_size(f16 / "model.safetensors") < fs::file_size(model / "model.safetensors"));
  const LoadedModel loaded = load_model_dir(q8.string());
  CHECK(loaded.card["weights_dtype"] == "I8");
  CHECK(read_text_file((q8 / "config.json").string()) == read_text_file((model / "config.json").string()));

  const CliRun same = cli({"forward", q8.string(), "--text", "the red car"});
  CHECK(same.code == 0);
  CHECK(cli({"quantize", model.string(), "--out", (model.parent_path() / "x").string(), "--dtype", "q2"}).code == 2);

  // q4: every 2-D weight in 4 bits; --i4: only the listed ones, the rest 8-bit ("I8+I4").
  const fs::path q4 = model.parent_path() / "q4", mixed = model.parent_path() / "mixed";
  REQUIRE(cli({"quantize", model.string(), "--out", q4.string(), "--dtype", "q4"}).code == 0);
  const CliRun m = cli({"quantize", model.string(), "--out", mixed.string(), "--i4", "embedding.weight"});
  REQUIRE(m.code == 0);
  CHECK(fs::file_size(q4 / "model.safetensors") < fs::file_size(mixed / "model.safetensors"));
  CHECK(fs::file_size(mixed / "model.safetensors") < fs::file_size(q8 / "model.safetensors"));
  CHECK(load_model_dir(q4.string()).card["weights_dtype"] == "I4");
  const SafetensorsFile mixed_file = read_safetensors_file((mixed / "model.safetensors").string());
  CHECK(load_model_dir(mixed.string()).card["weights_dtype"] == "I8+I4");
  for (const TensorData& t : mixed_file.tensors) {
    INFO(t.name);
    CHECK(t.dtype == (t.name == "embedding.weight" ? DType::I4 : t.shape.size() == 2 ? DType::I8 : DType::F16));
  }
  CHECK(cli({"forward", q4.string(), "--text", "the red car"}).code == 0);
  CHECK_THAT(
      cli({"quantize", model.string(), "--out", (model.parent_path() / "y").string(), "--i4", "nope.weight"}).err,
      Catch::Contains("--i4: the model has no tensor \"nope.weight\""));
  CHECK_THAT(cli({"quantize", model.string(), "--out", model.string()}).err, Catch::Contains("another folder"));
  // compare needs test data; a model without a card's context or seq2seq is refused by name.
  const CliRun cmp = cli({"compare", model.string(), q8.string(), "--corpus", "/nonexistent"});
  CHECK(cmp.code == 1);
  CHECK_THAT(cmp.err, Catch::Contains("metrics.context"));
  CHECK(cli({"compare", model.string(), "--corpus", "x"}).code == 2);
}

TEST_CASE("loading: a shipped model stored as 8-bit weights loads within half a scale of every weight") {
  for (const char* name : {"seq2seq-additive", "lm-lstmn", "tf-mlm"}) {
    INFO(name);
    const std::string dir = std::string(ATTNLAB_MODELS_DIR) + "/" + name;
    LoadedModel original = load_model_dir(dir);
    const std::vector<TensorData> weights = export_weights(*original.model);
    const std::vector<uint8_t> bytes = write_safetensors(weights, DType::I8, {{"format", "pt"}});
    size_t f32_bytes = 0;
    for (const TensorData& t : weights) f32_bytes += 4 * t.values.size();
    CHECK(bytes.size() < f32_bytes * 27 / 100);  // a quarter, plus the scales and the header
    LoadedModel q8 = load_model_from_memory(read_text_file(dir + "/config.json"), bytes.data(), bytes.size(), "");
    std::map<std::string, const Param*> loaded;
    q8.model->for_each_param([&](const std::string& n, Param& p) { loaded[n] = &p; });
    size_t checked = 0;
    original.model->for_each_param([&](const std::string& n, Param& p) {
      INFO(n);
      const Param& back = *loaded.at(n);
      const Shape shape = p.shape();
      REQUIRE(back.shape() == shape);
      const float* in = p.value.data();
      const float* out = back.value.data();
      if (shape.size() != 2) {  // biases and norms: F16
        for (Eigen::Index i = 0; i < p.value.size(); ++i) REQUIRE(out[i] == round_to_dtype(in[i], DType::F16));
        return;
      }
      const size_t rows = size_t(shape[0]), cols = size_t(shape[1]);
      for (size_t r = 0; r < rows; ++r) {
        const float scale = quantize_row_i8(in + r * cols, cols).scale;
        for (size_t c = 0; c < cols; ++c)
          REQUIRE(std::fabs(double(out[r * cols + c]) - double(in[r * cols + c])) <= double(scale) / 2);
      }
      ++checked;
    });
    CHECK(checked >= 3);
  }
}
