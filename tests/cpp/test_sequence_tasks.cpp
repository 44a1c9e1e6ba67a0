// The training lab's sequence tasks (data/sequence_tasks.h: recall, mirror): their gold alignments
// on hand-checked cases, the alignment error of train/sequence_train.h, and lab runs that take the
// same steps as `attnlab train` and download as folders the engine loads.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include "data/sequence_tasks.h"
#include "io/model_io.h"
#include "train/lab.h"
#include "train/sequence_train.h"
#include "train/trainer.h"

using namespace attnlab;

namespace {

using Links = std::vector<std::pair<int, int>>;

nlohmann::json recall_model(const std::string& architecture) {
  nlohmann::json m = {{"architecture", architecture}, {"embed_dim", 8}, {"hidden_size", 16}, {"cell", "rnn"}};
  if (architecture == "rnn_self_attention") {
    m["variant"] = "c";
    m["score"] = "additive";
  }
  return m;
}

nlohmann::json mirror_model(int layers) {
  return {{"architecture", "transformer"}, {"d_model", 16}, {"n_head", 2}, {"n_layer", layers}, {"d_ff", 32},
          {"positional", "sinusoidal"}};
}

nlohmann::json lab_config(const std::string& kind, const nlohmann::json& model, int steps, int min_len = 4,
                          int max_len = 7) {
  return {
      {"model", model},
      {"task",
       {{"kind", kind}, {"min_len", min_len}, {"max_len", max_len}, {"symbols", 6}, {"n_eval", 20}, {"n_test", 20}}},
      {"steps", steps},
      {"batch_size", 4},
      {"lr", kind == "mirror" ? 0.003 : 0.01},
      {"seed", 3},
      {"log_every", 1000}};
}

// Trains the config with `attnlab train`'s code path and compares every weight with the lab's.
void check_same_weights(LabRun& lab, nlohmann::json config) {
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

}  // namespace

TEST_CASE("sequence tasks: recall asks the last position for the first symbol, read from position 0") {
  const SequenceTask task = read_sequence_task({{"kind", "recall"}, {"length", 5}, {"symbols", 4}}, 0);
  Rng rng(1);
  const SequenceExample ex = sequence_example(task, rng);
  // Hand-checked: five symbols in 1..4, only the last position asked, for the first one.
  REQUIRE(ex.ids.size() == 5);
  for (int id : ex.ids) CHECK((id >= 1 && id <= 4));
  CHECK(ex.outputs == std::vector<int>{-1, -1, -1, -1, ex.ids[0]});
  CHECK(ex.gold == Links{{0, 4}});
  // A fixed length draws exactly what the recall task always drew: 1 + below(V - 1) per id.
  Rng again(1);
  for (int id : ex.ids) CHECK(id == 1 + static_cast<int>(again.below(4)));
  // The symbols default to the model's vocabulary (minus <unk>).
  CHECK(read_sequence_task({{"kind", "recall"}}, 10).symbols == 9);
}

TEST_CASE("sequence tasks: mirror asks position i for the symbol at n-1-i, read from there") {
  const SequenceTask task = read_sequence_task({{"kind", "mirror"}, {"min_len", 4}, {"max_len", 4}, {"symbols", 9}}, 0);
  Rng rng(7);
  const SequenceExample ex = sequence_example(task, rng);
  REQUIRE(ex.ids.size() == 4);
  CHECK(ex.outputs == std::vector<int>{ex.ids[3], ex.ids[2], ex.ids[1], ex.ids[0]});
  // Written out by hand for n = 4: (key, query).
  CHECK(ex.gold == Links{{3, 0}, {2, 1}, {1, 2}, {0, 3}});
  // An odd length: the middle position reads itself.
  const SequenceTask odd = read_sequence_task({{"kind", "mirror"}, {"min_len", 5}, {"max_len", 5}}, 10);
  CHECK(sequence_example(odd, rng).gold == Links{{4, 0}, {3, 1}, {2, 2}, {1, 3}, {0, 4}});
}

TEST_CASE("sequence tasks: lengths are drawn from min_len..max_len, and bad configs are named") {
  const SequenceTask task = read_sequence_task({{"kind", "mirror"}, {"min_len", 3}, {"max_len", 6}}, 10);
  Rng rng(2);
  std::set<size_t> seen;
  for (int k = 0; k < 200; ++k) {
    const SequenceExample ex = sequence_example(task, rng);
    seen.insert(ex.ids.size());
    const int n = static_cast<int>(ex.ids.size());
    for (int i = 0; i < n; ++i) CHECK(ex.gold[static_cast<size_t>(i)] == std::make_pair(n - 1 - i, i));
  }
  CHECK(seen == std::set<size_t>{3, 4, 5, 6});
  CHECK_THROWS_WITH(read_sequence_task({{"kind", "mirror"}, {"length", 4}}, 10),
                    Catch::Contains("\"length\" belongs to recall"));
  CHECK_THROWS_WITH(read_sequence_task({{"kind", "recall"}, {"min_len", 6}, {"max_len", 2}}, 10),
                    Catch::Contains("\"max_len\" (2) is below \"min_len\" (6)"));
  CHECK_THROWS_WITH(read_sequence_task({{"kind", "recall"}, {"symbols", 12}}, 10),
                    Catch::Contains("needs a vocabulary of 13 ids"));
  CHECK_THROWS_WITH(sequence_vocab(read_sequence_task({{"kind", "recall"}, {"symbols", 27}}, 0)),
                    Catch::Contains("at most 26"));
}

TEST_CASE("sequence tasks: the task's vocabulary makes a model that reads letters") {
  const nlohmann::json config = lab_config("recall", recall_model("rnn_lm"), 1);
  const nlohmann::json model = complete_model_config(config);
  CHECK(model["vocab_size"] == 7);
  CHECK(model["tokenizer"]["vocab"] == nlohmann::json({"<unk>", "a", "b", "c", "d", "e", "f"}));
  // Without "symbols" the model config is left as it was (the recall task's original form).
  nlohmann::json plain = config;
  plain["task"] = {{"kind", "recall"}, {"length", 6}};
  CHECK(complete_model_config(plain) == config["model"]);
}

TEST_CASE("lab: recall and mirror runs take the steps `attnlab train` takes") {
  for (const nlohmann::json& config :
       {lab_config("recall", recall_model("rnn_self_attention"), 20), lab_config("recall", recall_model("rnn_lm"), 20),
        lab_config("mirror", mirror_model(1), 20), lab_config("mirror", mirror_model(2), 20)}) {
    INFO(config["task"]["kind"] << " " << config["model"]["architecture"]);
    LabRun lab(config);
    for (int s = 0; s < 20; ++s) lab.step();
    check_same_weights(lab, config);
  }
}

TEST_CASE("lab: mirror learns its alignment and names the best head, recall without attention has none") {
  LabRun lab(lab_config("mirror", mirror_model(1), 400, 6, 6));
  const nlohmann::json before = lab.evaluate(20);
  for (int s = 0; s < 400; ++s) lab.step();
  const nlohmann::json after = lab.evaluate(20);
  INFO(after.dump());
  CHECK(after["loss"].get<double>() < 0.5 * before["loss"].get<double>());
  CHECK(after["alignment_error"].get<double>() < 0.2);
  CHECK(before["alignment_error"].get<double>() > 0.5);
  REQUIRE(after["maps"].size() == 2);
  const int best = after["best_map"].get<int>();
  for (const auto& m : after["maps"])
    CHECK(m["alignment_error"].get<double>() >= after["alignment_error"].get<double>());
  CHECK(after["maps"][static_cast<size_t>(best)]["alignment_error"] == after["alignment_error"]);

  const LabExample ex = lab.example(0);
  REQUIRE(ex.trace.maps.size() == 2);
  CHECK(ex.trace.maps[0].weights.rows() == 6);
  CHECK(ex.trace.maps[0].col_labels == ex.source);
  CHECK(ex.target == std::vector<std::string>(ex.source.rbegin(), ex.source.rend()));
  CHECK(ex.gold == Links{{5, 0}, {4, 1}, {3, 2}, {2, 3}, {1, 4}, {0, 5}});

  LabRun plain(lab_config("recall", recall_model("rnn_lm"), 5));
  const nlohmann::json m = plain.evaluate(20);
  CHECK(m["alignment_error"].is_null());
  CHECK(m["best_map"].is_null());
  CHECK(plain.example(0).trace.maps.empty());
  CHECK(plain.example(0).target == std::vector<std::string>{plain.example(0).source.front()});
  CHECK_THROWS_WITH(LabRun(lab_config("recall", mirror_model(1), 5)),
                    Catch::Contains("needs a model of architecture \"rnn_self_attention\" or \"rnn_lm\""));
  CHECK_THROWS_WITH(LabRun(lab_config("mirror", recall_model("rnn_lm"), 5)),
                    Catch::Contains("needs a model of architecture \"transformer\""));
}

TEST_CASE("lab: the recall map is lesson 2's causal T x T map, gold in the last row") {
  LabRun lab(lab_config("recall", recall_model("rnn_self_attention"), 5));
  const LabExample ex = lab.example(1);
  const int T = static_cast<int>(ex.source.size());
  REQUIRE(ex.trace.maps.size() == 1);
  const Mat& w = ex.trace.maps[0].weights;
  REQUIRE(w.rows() == T);
  REQUIRE(w.cols() == T);
  for (int i = 0; i < T; ++i) {
    CHECK(w.row(i).sum() == Approx(1.0).epsilon(1e-5));
    for (int j = i + 1; j < T; ++j) CHECK(w(i, j) == 0);  // nothing after the position being read
  }
  CHECK(ex.gold == Links{{0, T - 1}});
  CHECK(ex.target == std::vector<std::string>{ex.source.front()});
}

TEST_CASE("lab: a trained sequence model saves as a folder the engine loads and runs on letters") {
  for (const nlohmann::json& config :
       {lab_config("recall", recall_model("rnn_self_attention"), 30), lab_config("mirror", mirror_model(2), 30)}) {
    LabRun lab(config);
    for (int s = 0; s < 30; ++s) lab.step();
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("attnlab_lab_" + config["task"]["kind"].get<std::string>());
    save_model_dir(dir.string(), lab.model(), lab.card(10));
    const LoadedModel loaded = load_model_dir(dir.string());
    CHECK(loaded.card["training"]["steps"] == 30);
    CHECK(loaded.card["data"]["kind"] == config["task"]["kind"]);
    const ForwardTrace a = loaded.model->forward_text("a c b f");
    const ForwardTrace b = lab.model().forward_text("a c b f");
    REQUIRE(a.maps.size() == b.maps.size());
    CHECK(a.tokens == std::vector<std::string>{"a", "c", "b", "f"});
    CHECK(a.maps.back().weights == b.maps.back().weights);
    std::filesystem::remove_all(dir);
  }
}
