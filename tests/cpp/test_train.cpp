// Training smoke runs (seconds, not minutes): the loss falls and a fixed seed gives the same model.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include <unistd.h>

#include "io/model_io.h"
#include "io/safetensors.h"
#include "models/model.h"
#include "train/loop.h"
#include "train/trainer.h"

using namespace attnlab;

namespace {

const nlohmann::json kTrainConfig = {{"model",
                                      {{"architecture", "rnn_attention"},
                                       {"vocab_size", 8},
                                       {"embed_dim", 8},
                                       {"hidden_size", 16},
                                       {"cell", "rnn"},
                                       {"score", "additive"},
                                       {"attn_dim", 16}}},
                                     {"task", {{"kind", "recall"}, {"length", 6}, {"n_test", 200}}},
                                     {"steps", 600},
                                     {"lr", 0.01},
                                     {"seed", 3},
                                     {"log_every", 100}};

// The message a config is refused with, or "(trained)" when it trains.
std::string refusal(const nlohmann::json& c) {
  auto m = build_model(c["model"]);
  std::ostringstream l;
  try {
    train_from_config(*m, c, l);
  } catch (const ConfigError& e) {
    return std::string(e.what());
  }
  return std::string("(trained)");
}

}  // namespace

TEST_CASE("train: a tiny recall run lowers the loss and learns the task") {
  auto model = build_model(kTrainConfig["model"]);
  std::ostringstream log;
  const TrainReport rep = train_from_config(*model, kTrainConfig, log);
  INFO(log.str());
  REQUIRE(rep.loss_curve.size() == 6);
  CHECK(rep.loss_curve.back() < 0.5 * rep.loss_curve.front());
  CHECK(rep.test_accuracy > 0.5);  // chance is 1/7
}

TEST_CASE("train: the same seed gives the same weights, another seed does not") {
  nlohmann::json cfg = kTrainConfig;
  cfg["steps"] = 50;
  const auto weights = [&](int seed) {
    cfg["seed"] = seed;
    auto model = build_model(cfg["model"]);
    std::ostringstream log;
    train_from_config(*model, cfg, log);
    return export_weights(*model);
  };
  const auto a = weights(3), b = weights(3), c = weights(4);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(a[i].values == b[i].values);
  CHECK(a[0].values != c[0].values);
}

TEST_CASE("train: align_weight_decay decays the attention's weights and nothing else") {
  nlohmann::json cfg = kTrainConfig;
  cfg["steps"] = 50;
  const auto train = [&](const nlohmann::json& c) {
    auto model = build_model(c["model"]);
    std::ostringstream log;
    train_from_config(*model, c, log);
    return export_weights(*model);
  };
  const auto norm = [](const TensorData& t) {
    double sq = 0;
    for (float v : t.values) sq += static_cast<double>(v) * v;
    return std::sqrt(sq);
  };
  const auto plain = train(cfg);
  // Equal to weight_decay (0 here): the same run bit for bit as leaving the key out.
  cfg["align_weight_decay"] = 0.0;
  const auto same = train(cfg);
  for (size_t i = 0; i < plain.size(); ++i) CHECK(plain[i].values == same[i].values);
  // lr 0.01 x 50 = a factor 0.5 per step on align.* only: W_K and W_Q shrink towards zero.
  cfg["align_weight_decay"] = 50.0;
  const auto decayed = train(cfg);
  int n_align = 0;
  for (size_t i = 0; i < plain.size(); ++i) {
    INFO(plain[i].name);
    if (plain[i].name.rfind("align.", 0) == 0) {
      ++n_align;
      CHECK(norm(decayed[i]) < 0.2 * norm(plain[i]));
    } else {
      CHECK(norm(decayed[i]) > 0.5 * norm(plain[i]));  // still trained, not decayed
    }
  }
  CHECK(n_align == 3);  // additive: w_key, w_query, v
  cfg["align_weight_decay"] = -1.0;
  auto model = build_model(cfg["model"]);
  std::ostringstream log;
  CHECK_THROWS_AS(train_from_config(*model, cfg, log), ConfigError);
}

TEST_CASE("train: weights_dtype I8 trains the 8-bit weights it saves (quantization-aware training)") {
  nlohmann::json cfg = kTrainConfig;
  cfg["weights_dtype"] = "I8";
  auto qat = build_model(cfg["model"]);
  std::ostringstream log;
  const TrainReport rep = train_from_config(*qat, cfg, log);
  INFO(log.str());
  CHECK(rep.test_accuracy > 0.5);  // it still learns the task (chance is 1/7)
  CHECK_THAT(log.str(), Catch::Contains("weights rounded to I8"));

  // What it saves is what it was evaluated with: every weight is already on its 8-bit (2-D) or
  // F16 (the rest) grid, so the file written and read back holds the same values bit for bit.
  const std::vector<TensorData> weights = export_weights(*qat);
  const std::vector<uint8_t> bytes = write_safetensors(weights, DType::I8, {{"format", "pt"}});
  const SafetensorsFile back = read_safetensors(bytes.data(), bytes.size(), "qat");
  REQUIRE(back.tensors.size() == weights.size());
  int n_i8 = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    INFO(weights[i].name);
    CHECK(back.tensors[i].values == weights[i].values);
    n_i8 += back.tensors[i].dtype == DType::I8;
  }
  CHECK(n_i8 >= 4);  // embedding, cell, the attention's two matrices, head

  // The rounding is inside the loop, not only at the end: rounding a full-precision run of the same
  // seed afterwards gives other weights.
  cfg["weights_dtype"] = "F32";
  auto full = build_model(cfg["model"]);
  std::ostringstream log2;
  train_from_config(*full, cfg, log2);
  full->for_each_param([](const std::string&, Param& p) { round_param(p, DType::I8); });
  const std::vector<TensorData> rounded_after = export_weights(*full);
  int differ = 0;
  for (size_t i = 0; i < weights.size(); ++i) differ += weights[i].values != rounded_after[i].values;
  CHECK(differ == static_cast<int>(weights.size()));

  cfg["weights_dtype"] = "I2";
  auto bad = build_model(cfg["model"]);
  CHECK_THROWS_AS(train_from_config(*bad, cfg, log2), ConfigError);
}

TEST_CASE("train: weights_i4 trains and saves the listed tables in 4 bits, the rest in 8 (I8+I4)") {
  nlohmann::json cfg = kTrainConfig;
  cfg["weights_dtype"] = "I8";
  cfg["weights_i4"] = {"embedding.weight", "head.weight"};
  auto qat = build_model(cfg["model"]);
  std::ostringstream log;
  const TrainReport rep = train_from_config(*qat, cfg, log);
  INFO(log.str());
  CHECK(rep.test_accuracy > 0.5);  // chance is 1/7
  CHECK_THAT(log.str(), Catch::Contains("weights rounded to I8 (I4: embedding.weight, head.weight)"));

  // Saved as trained: the listed tables as U8 (4-bit), the other 2-D weights I8, read back bit for bit.
  const std::string dir = "/tmp/attnlab_test_i4_" + std::to_string(::getpid());
  save_model_dir(dir, *qat, {{"weights_dtype", "I8+I4"}}, DType::I8, {"embedding.weight", "head.weight"});
  const SafetensorsFile back = read_safetensors_file(dir + "/model.safetensors");
  const std::vector<TensorData> weights = export_weights(*qat);
  REQUIRE(back.tensors.size() == weights.size());
  for (size_t i = 0; i < weights.size(); ++i) {
    INFO(weights[i].name);
    CHECK(back.tensors[i].values == weights[i].values);
    const bool four = weights[i].name == "embedding.weight" || weights[i].name == "head.weight";
    CHECK(back.tensors[i].dtype == (four ? DType::I4 : weights[i].shape.size() == 2 ? DType::I8 : DType::F16));
  }
  // A 4-bit row holds at most 15 distinct values (16 levels, symmetric: -7..7).
  const TensorData* emb = back.find("embedding.weight");
  REQUIRE(emb);
  const size_t cols = size_t(emb->shape[1]);
  for (size_t r = 0; r < size_t(emb->shape[0]); ++r) {
    std::vector<float> row(emb->values.begin() + long(r * cols), emb->values.begin() + long((r + 1) * cols));
    std::sort(row.begin(), row.end());
    CHECK(std::unique(row.begin(), row.end()) - row.begin() <= 15);
  }
  std::filesystem::remove_all(dir);

  // Names the model lacks, a tensor that is not 2-D, and 4-bit tables without I8 are refused by name.
  nlohmann::json wrong = cfg;
  wrong["weights_i4"] = {"embeding.weight"};
  CHECK_THAT(refusal(wrong), Catch::Contains("\"weights_i4\": the model has no tensor \"embeding.weight\""));
  wrong["weights_i4"] = {"head.bias"};
  CHECK_THAT(refusal(wrong), Catch::Contains("tensor \"head.bias\" is not 2-D"));
  wrong = cfg;
  wrong["weights_dtype"] = "F32";
  CHECK_THAT(refusal(wrong), Catch::Contains("set \"weights_dtype\": \"I8\""));
}

TEST_CASE("train: weights_i4_group trains and saves the 4-bit tables with a scale per group") {
  nlohmann::json cfg = kTrainConfig;
  cfg["steps"] = 300;
  cfg["weights_dtype"] = "I8";
  cfg["weights_i4"] = {"embedding.weight"};
  cfg["weights_i4_group"] = 4;
  auto model = build_model(cfg["model"]);
  std::ostringstream log;
  train_from_config(*model, cfg, log);
  const LoopConfig loop = read_loop_config(cfg, 1, 1, 1e-3);
  CHECK(loop.weights_i4_group == 4);
  const std::string dir = "/tmp/attnlab_test_i4_group_" + std::to_string(::getpid());
  save_model_dir(dir, *model, {}, DType::I8, loop.weights_i4, loop.weights_i4_group);
  const SafetensorsFile back = read_safetensors_file(dir + "/model.safetensors");
  std::filesystem::remove_all(dir);
  const std::vector<TensorData> weights = export_weights(*model);
  REQUIRE(back.tensors.size() == weights.size());
  for (size_t i = 0; i < weights.size(); ++i) {
    INFO(weights[i].name);
    CHECK(back.tensors[i].values == weights[i].values);  // trained on the grid it is saved on
  }
  // Each group of 4 holds at most 15 levels of its own scale; the row as a whole usually more
  // levels than one scale per row would give it, which is the point.
  const TensorData* emb = back.find("embedding.weight");
  REQUIRE(emb);
  CHECK(emb->group == 4);
  int rows_finer = 0;
  for (size_t r = 0; r < size_t(emb->shape[0]); ++r) {
    const float* row = emb->values.data() + r * 8;
    const I8Row one = quantize_row_i4(row, 8);
    bool off_grid = false;
    for (size_t c = 0; c < 8; ++c) off_grid |= one.scale > 0 && float(one.q[c]) * one.scale != row[c];
    rows_finer += off_grid;
  }
  CHECK(rows_finer > 0);

  nlohmann::json wrong = cfg;
  wrong["weights_i4_group"] = 3;
  CHECK_THAT(refusal(wrong), Catch::Contains("\"weights_i4_group\": groups of 3 columns do not divide the 8 columns of "
                                             "\"embedding.weight\""));
  wrong = cfg;
  wrong.erase("weights_i4");
  CHECK_THAT(refusal(wrong), Catch::Contains("\"weights_i4_group\" sets the scale groups of 4-bit weights"));
}

TEST_CASE("train: an example that throws mid-batch leaves an 8-bit training's full-precision weights in place") {
  nlohmann::json cfg = kTrainConfig;
  cfg["weights_dtype"] = "I8";
  auto model = build_model(cfg["model"]);
  TrainSession session(*model, read_loop_config(cfg, 1, 4, 1e-2));
  const Example good = {{1, 2, 3, 4, 5, 6}, {1}};
  session.step([&]() -> const Example& { return good; });
  const std::vector<TensorData> before = export_weights(*model);
  const Example bad = {{1, 2, 99}, {1}};  // id 99 is outside the vocabulary of 8
  CHECK_THROWS(session.step([&]() -> const Example& { return bad; }));
  const std::vector<TensorData> after = export_weights(*model);
  REQUIRE(after.size() == before.size());
  for (size_t i = 0; i < before.size(); ++i) CHECK(after[i].values == before[i].values);
}

TEST_CASE("train: a table tied to the output layer starts in U(-0.1, 0.1), an untied one in N(0, 1)") {
  // OutputHead::table_init_range: with N(0, 1) rows a tied model's logits start large and the table,
  // which Adam moves by about the learning rate per step, learns slowly (docs/models-history.md).
  const nlohmann::json configs[] = {
      {{"architecture", "rnn_lm"}, {"vocab_size", 50}, {"embed_dim", 16}, {"hidden_size", 8}},
      {{"architecture", "rnn_self_attention"},
       {"vocab_size", 50},
       {"embed_dim", 16},
       {"hidden_size", 8},
       {"attn_dim", 4},
       {"score", "dot"}},
      {{"architecture", "transformer"},
       {"vocab_size", 50},
       {"d_model", 16},
       {"n_head", 2},
       {"n_layer", 1},
       {"d_ff", 8},
       {"max_len", 8}},
      {{"architecture", "seq2seq"},
       {"vocab_size", 50},
       {"embed_dim", 16},
       {"hidden_size", 8},
       {"attn_dim", 4},
       {"attention", "dot"},
       {"target_vocab_size", 50}}};
  for (const nlohmann::json& base : configs) {
    for (bool tie : {false, true}) {
      nlohmann::json config = base;
      config["tie_embeddings"] = tie;
      INFO(config.dump());
      std::unique_ptr<Model> model = build_model(config);
      Rng rng(7);
      model->init(rng);
      const std::string table = base["architecture"] == "seq2seq" ? "tgt_embedding.weight" : "embedding.weight";
      double largest = -1;
      model->for_each_param([&](const std::string& name, Param& p) {
        if (name == table) largest = p.value.cwiseAbs().maxCoeff();
      });
      REQUIRE(largest >= 0);  // the table was found
      if (tie)
        CHECK(largest <= 0.1);
      else
        CHECK(largest > 1.0);  // 800 draws of N(0, 1)
    }
  }
}
