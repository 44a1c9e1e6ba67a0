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
