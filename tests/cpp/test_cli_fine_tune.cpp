// "init_from" (train/loop.h): a training that starts from a model folder's weights, as lesson 1's
// models are fine-tuned in 4 bits from their 8-bit training (docs/models.md). The run starts where
// the folder's model is, the card says what it started from, and a folder holding another model,
// a missing folder or a build without a folder reader is refused by name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.h"
#include "io/model_io.h"
#include "models/model.h"
#include "train/loop.h"
#include "train/trainer.h"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

std::string run(const std::vector<std::string>& args, int expect) {
  std::ostringstream out, err;
  const int code = run_cli(args, out, err);
  INFO(out.str() << err.str());
  REQUIRE(code == expect);
  return err.str();
}

nlohmann::json recall_config(int hidden) {
  return {{"model",
           {{"architecture", "rnn_attention"},
            {"vocab_size", 8},
            {"embed_dim", 8},
            {"hidden_size", hidden},
            {"attn_dim", 16},
            {"cell", "rnn"},
            {"score", "additive"}}},
          {"task", {{"kind", "recall"}, {"length", 6}, {"n_test", 100}}},
          {"steps", 200},
          {"lr", 0.01},
          {"seed", 3},
          {"log_every", 100},
          {"weights_dtype", "I8"}};
}

fs::path write_config(const fs::path& dir, const std::string& name, const nlohmann::json& config) {
  const fs::path p = dir / name;
  std::ofstream(p) << config.dump();
  return p;
}

}  // namespace

TEST_CASE("train: init_from starts from a folder's weights, and the card says which") {
  const fs::path dir = fs::temp_directory_path() / "attnlab_test_init_from";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path base = dir / "base", tuned = dir / "tuned";
  run({"train", write_config(dir, "base.json", recall_config(16)).string(), "--out", base.string()}, 0);

  // With a learning rate of 0 the fine-tuning changes nothing but the 4-bit rounding: every other
  // weight is the base model's, bit for bit (a run from the seed would not be).
  nlohmann::json tune = recall_config(16);
  tune["init_from"] = base.string();
  tune["steps"] = 20;
  tune["lr"] = 0.0;
  tune["seed"] = 9;
  tune["weights_i4"] = {"embedding.weight"};
  tune["weights_i4_group"] = 4;
  run({"train", write_config(dir, "tune.json", tune).string(), "--out", tuned.string()}, 0);
  const SafetensorsFile a = read_safetensors_file((base / "model.safetensors").string());
  const SafetensorsFile b = read_safetensors_file((tuned / "model.safetensors").string());
  REQUIRE(a.tensors.size() == b.tensors.size());
  for (const TensorData& t : a.tensors) {
    INFO(t.name);
    const TensorData* u = b.find(t.name);
    REQUIRE(u);
    if (t.name == "embedding.weight") {
      CHECK(u->dtype == DType::I4);
      CHECK(u->group == 4);
    } else {
      CHECK(u->values == t.values);
    }
  }
  const LoadedModel loaded = load_model_dir(tuned.string());
  const nlohmann::json& from = loaded.card["training"]["init_from"];
  CHECK(from["folder"] == base.string());
  CHECK(from["seed"] == 3);
  CHECK(from["training"]["steps"] == 200);
  CHECK(from["training"]["weights_dtype"] == "I8");
  CHECK_FALSE(from["training"].contains("loss_curve"));
  CHECK(loaded.card["training"]["weights_i4_group"] == 4);

  // Another model's folder, a missing folder: refused, naming the difference.
  nlohmann::json other = recall_config(32);
  other["init_from"] = base.string();
  CHECK_THAT(run({"train", write_config(dir, "other.json", other).string(), "--out", (dir / "x").string()}, 1),
             Catch::Contains("\"init_from\": " + base.string() +
                             " holds another model (its config differs at "
                             "\"hidden_size\")"));
  other = recall_config(16);
  other["init_from"] = (dir / "missing").string();
  CHECK_THAT(run({"train", write_config(dir, "missing.json", other).string(), "--out", (dir / "y").string()}, 1),
             Catch::Contains("missing"));
  CHECK_FALSE(fs::exists(dir / "x"));
  CHECK_FALSE(fs::exists(dir / "y"));

  // Without a folder reader (the page's training lab), "init_from" is refused, not ignored.
  set_init_from_reader(nullptr);
  auto model = build_model(tune["model"]);
  std::ostringstream log;
  CHECK_THROWS_WITH(train_from_config(*model, tune, log), Catch::Contains("only the command line"));
  fs::remove_all(dir);
}

TEST_CASE("train: extend_tokenizer_of grows a language model's vocabulary from its pieces (issue 53)") {
  const fs::path dir = fs::temp_directory_path() / "attnlab_test_grow_vocab";
  fs::remove_all(dir);
  fs::create_directories(dir / "austen");
  fs::create_directories(dir / "mix");
  std::string austen, everyday;
  for (int i = 0; i < 40; ++i) {
    austen += "It is a truth universally acknowledged that a single man must be in want of a wife.\n";
    everyday += "the cat sat on the mat and my dog bites the postman.\n";
  }
  for (const char* split : {"train.txt", "valid.txt", "test.txt"}) {
    std::ofstream(dir / "austen" / split) << austen;
    std::ofstream(dir / "mix" / split) << austen << everyday;
  }
  nlohmann::json config = {{"model",
                            {{"architecture", "transformer"},
                             {"objective", "lm"},
                             {"d_model", 8},
                             {"n_head", 2},
                             {"n_layer", 1},
                             {"d_ff", 16},
                             {"causal", true},
                             {"max_len", 32}}},
                           {"task",
                            {{"kind", "lm"},
                             {"corpus", (dir / "austen").string()},
                             {"vocab_size", 300},
                             {"context", 16},
                             {"eval_tokens", 200}}},
                           {"steps", 5},
                           {"lr", 0.01},
                           {"seed", 3},
                           {"log_every", 5}};
  const fs::path base = dir / "base", grown = dir / "grown";
  run({"train", write_config(dir, "base.json", config).string(), "--out", base.string()}, 0);

  nlohmann::json grow = config;
  grow["task"]["corpus"] = (dir / "mix").string();
  grow["task"]["vocab_size"] = 330;
  grow["task"]["extend_tokenizer_of"] = base.string();
  grow["init_from"] = base.string();
  grow["lr"] = 0.0;  // nothing moves: the grown rows are exactly what growing made
  run({"train", write_config(dir, "grow.json", grow).string(), "--out", grown.string()}, 0);

  const LoadedModel before = load_model_dir(base.string()), after = load_model_dir(grown.string());
  const nlohmann::json& old_tok = before.model->config()["tokenizer"];
  const nlohmann::json& new_tok = after.model->config()["tokenizer"];
  const int old_v = before.model->config()["vocab_size"], new_v = after.model->config()["vocab_size"];
  REQUIRE(old_v == 300);
  REQUIRE(new_v == 330);
  const int old_merges = static_cast<int>(old_tok["merges"].size()),
            new_merges = static_cast<int>(new_tok["merges"].size());
  const SafetensorsFile a = read_safetensors_file((base / "model.safetensors").string());
  const SafetensorsFile b = read_safetensors_file((grown / "model.safetensors").string());
  REQUIRE(a.tensors.size() == b.tensors.size());
  int grown_tensors = 0;
  for (const TensorData& t : a.tensors) {
    INFO(t.name);
    const TensorData* u = b.find(t.name);
    REQUIRE(u);
    if (t.shape == u->shape) {
      CHECK(u->values == t.values);
      continue;
    }
    ++grown_tensors;
    REQUIRE(t.shape[0] == old_v);
    REQUIRE(u->shape[0] == new_v);
    const int64_t w = t.values.size() / old_v;
    const auto row = [&](const std::vector<float>& v, int64_t id) {
      return std::vector<float>(v.begin() + id * w, v.begin() + (id + 1) * w);
    };
    for (int id = 0; id < 256 + old_merges; ++id) CHECK(row(u->values, id) == row(t.values, id));
    CHECK(row(u->values, new_v - 1) == row(t.values, old_v - 1));  // <eos> moved to the last id
    for (int k = old_merges; k < new_merges; ++k) {
      const int x = new_tok["merges"][k][0], y = new_tok["merges"][k][1];
      const std::vector<float> got = row(u->values, 256 + k), left = row(u->values, x), right = row(u->values, y);
      for (int64_t i = 0; i < w; ++i) CHECK(got[size_t(i)] == 0.5f * (left[size_t(i)] + right[size_t(i)]));
    }
  }
  CHECK(grown_tensors == 3);  // embedding.weight, head.weight, head.bias
  CHECK(after.card["training"]["vocabulary_grown"] ==
        nlohmann::json({{"from", 300}, {"to", 330}, {"corpus", (dir / "mix").string()}}));
  CHECK_FALSE(before.card["training"].contains("vocabulary_grown"));

  // A tokenizer that does not extend the folder's (trained afresh on the mix) is another model.
  nlohmann::json fresh = grow;
  fresh["task"].erase("extend_tokenizer_of");
  CHECK_THAT(run({"train", write_config(dir, "fresh.json", fresh).string(), "--out", (dir / "z").string()}, 1),
             Catch::Contains("holds another model"));
  fs::remove_all(dir);
}
