// Tier 2 for whole models: folders written by PyTorch (scripts/make_fixtures.py and, through the
// exporter, scripts/make_byom_fixtures.py) must give PyTorch's attention maps and logits from
// Model::forward_text and from `attnlab forward DIR --text ... --json`, within 1e-5.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "cli/cli.h"
#include "io/model_io.h"
#include "models/transformer.h"
#include "torch_fixture.h"

using namespace attnlab;

namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

// Expected tensors other than the maps and the ids are trace tensors, named as the engine names them.
std::vector<std::string> trace_tensor_names(const Fixture& expected) {
  std::vector<std::string> names;
  for (const TensorData& t : expected.file().tensors)
    if (t.name != "ids" && t.name.rfind("map.", 0) != 0) names.push_back(t.name);
  return names;
}

size_t map_count(const Fixture& expected) {
  size_t n = 0;
  while (expected.file().find("map." + std::to_string(n) + ".weights")) ++n;
  return n;
}

std::vector<double> json_numbers(const nlohmann::json& a) {
  std::vector<double> out;
  for (const auto& v : a) out.push_back(v.get<double>());
  return out;
}

// dir holds the model files, input.txt (target.txt: a Seq2Seq read with teacher forcing) and
// expected.safetensors: ids, logits, map.<i>.scores / .weights, and other trace tensors by name.
void check_model_dir(const std::string& dir, const std::string& name, bool one_unknown = true) {
  const Fixture expected(name + " (expected.safetensors)", dir + "/expected.safetensors");
  const std::string text = trim(read_text_file(dir + "/input.txt"));
  const bool forced = std::ifstream(dir + "/target.txt").good();
  const std::string target = forced ? trim(read_text_file(dir + "/target.txt")) : "";
  const std::vector<int> ids = expected.ints("ids");
  const size_t n_maps = map_count(expected);
  const std::vector<std::string> tensors = trace_tensor_names(expected);
  REQUIRE(std::find(tensors.begin(), tensors.end(), "logits") != tensors.end());

  SECTION("load_model_dir + forward_text") {
    const LoadedModel lm = load_model_dir(dir);
    const ForwardTrace tr = forced ? lm.model->forward_text_forced(text, target) : lm.model->forward_text(text);
    REQUIRE(tr.ids == ids);
    // Each random-weights sentence has exactly one word outside the vocabulary.
    if (one_unknown) REQUIRE(std::count(tr.unknown.begin(), tr.unknown.end(), true) == 1);
    REQUIRE(tr.maps.size() == n_maps);
    for (size_t i = 0; i < n_maps; ++i) {
      const std::string m = "map." + std::to_string(i);
      expected.expect(m + ".scores", tr.maps[i].scores);
      expected.expect(m + ".weights", tr.maps[i].weights);
    }
    for (const std::string& t : tensors) {
      const auto it =
          std::find_if(tr.tensors.begin(), tr.tensors.end(), [&](const NamedTensor& nt) { return nt.name == t; });
      INFO(name << ": the engine's trace has no tensor \"" << t << "\"");
      REQUIRE(it != tr.tensors.end());
      expected.expect(t, it->value);
    }
  }

  SECTION("attnlab forward --json prints the numbers PyTorch computed") {
    std::ostringstream out, err;
    std::vector<std::string> args = {"forward", dir, "--text", text, "--json"};
    if (forced) args.insert(args.end(), {"--target", target});
    const int code = run_cli(args, out, err);
    INFO(name << ": stderr: " << err.str());
    REQUIRE(code == 0);
    const nlohmann::json j = nlohmann::json::parse(out.str());
    REQUIRE(j.at("ok").get<bool>());
    REQUIRE(j.at("ids").get<std::vector<int>>() == ids);
    REQUIRE(j.at("maps").size() == n_maps);
    for (size_t i = 0; i < n_maps; ++i) {
      const std::string m = "map." + std::to_string(i);
      expected.expect(m + ".scores", json_numbers(j["maps"][i].at("scores")));
      expected.expect(m + ".weights", json_numbers(j["maps"][i].at("weights")));
    }
    for (const std::string& t : tensors) {
      const nlohmann::json* found = nullptr;
      for (const auto& jt : j.at("tensors"))
        if (jt.at("name") == t) found = &jt;
      INFO(name << ": the CLI's JSON has no tensor \"" << t << "\"");
      REQUIRE(found != nullptr);
      expected.expect(t, json_numbers(found->at("data")));
    }
  }
}

void check_model_folder(const std::string& name) {
  const std::string dir = fixtures_dir() + "/models/" + name;
  const Fixture expected(name + " (expected.safetensors)", dir + "/expected.safetensors");
  const std::vector<std::string> tensors = trace_tensor_names(expected);
  REQUIRE(map_count(expected) > 0);
  REQUIRE(std::find_if(tensors.begin(), tensors.end(),
                       [](const std::string& t) { return t == "hidden" || t == "layer0.output"; }) != tensors.end());
  check_model_dir(dir, name);
}

}  // namespace
TEST_CASE("torch: model folder attention_encoder (sinusoidal, full attention)", "[torch][model]") {
  check_model_folder("attention_encoder");
}

TEST_CASE("torch: model folder attention_encoder_causal_learned (learned positions, causal)", "[torch][model]") {
  check_model_folder("attention_encoder_causal_learned");
}

TEST_CASE("torch: model folder rnn_attention_lstm (additive)", "[torch][model]") {
  check_model_folder("rnn_attention_lstm");
}

TEST_CASE("torch: model folder rnn_attention_gru (dot)", "[torch][model]") { check_model_folder("rnn_attention_gru"); }

TEST_CASE("torch: model folder rnn_attention_rnn (general)", "[torch][model]") {
  check_model_folder("rnn_attention_rnn");
}

TEST_CASE("torch: model folder transformer (2 layers, sinusoidal, relu, bidirectional)", "[torch][model]") {
  check_model_folder("transformer");
}

TEST_CASE("torch: model folder transformer_causal_gelu (2 layers, no positions, gelu, causal)", "[torch][model]") {
  check_model_folder("transformer_causal_gelu");
}

TEST_CASE("torch: model folder transformer_tied (the output layer tied to the embedding)", "[torch][model]") {
  check_model_folder("transformer_tied");
}

TEST_CASE("torch: transformer loss_and_backward gives PyTorch's loss and gradients", "[torch][model]") {
  for (const char* name : {"transformer", "transformer_causal_gelu", "transformer_tied"}) {
    const Fixture fx(std::string(name) + "_grads");
    LoadedModel lm = load_model_dir(fixtures_dir() + "/models/" + name);
    REQUIRE(dynamic_cast<Transformer*>(lm.model.get()) != nullptr);
    lm.model->for_each_param([](const std::string&, Param& p) { p.zero_grad(); });
    const double loss = lm.model->loss_and_backward({fx.ints("ids"), fx.ints("targets")});
    fx.expect("loss", std::vector<double>{loss});
    int n = 0;
    lm.model->for_each_param([&](const std::string& t, Param& p) {
      fx.expect("grad." + t, p.grad);
      ++n;
    });
    CHECK(n == 1 + 2 * 12 + 2);  // embedding, 2 layers of 12 tensors, head (tied: head.proj, head.bias)
  }
}

// ---------------------------------------------------------------------------------------------
// The PyTorch options of issue 16, exported by scripts/export_pytorch.py (make_byom_fixtures.py
// prints how far each fixture's logits move when the option is left out: all well above 1e-5).

TEST_CASE("torch: nn.TransformerEncoderLayer(norm_first=True), pre-norm", "[torch][model][byom]") {
  check_model_dir(fixtures_dir() + "/options/tf_norm_first", "tf_norm_first");
}

TEST_CASE("torch: nn.TransformerEncoderLayer(layer_norm_eps=1e-3)", "[torch][model][byom]") {
  check_model_dir(fixtures_dir() + "/options/tf_layer_norm_eps", "tf_layer_norm_eps");
}

TEST_CASE("torch: nn.TransformerEncoder(norm=nn.LayerNorm), a final norm", "[torch][model][byom]") {
  check_model_dir(fixtures_dir() + "/options/tf_final_norm", "tf_final_norm");
}

TEST_CASE("torch: nn.RNN(nonlinearity='relu') language model", "[torch][model][byom]") {
  check_model_dir(fixtures_dir() + "/options/rnn_lm_relu", "rnn_lm_relu");
}

TEST_CASE("torch: Seq2Seq over nn.RNN(nonlinearity='relu'), teacher forcing", "[torch][model][byom]") {
  check_model_dir(fixtures_dir() + "/options/seq2seq_relu", "seq2seq_relu");
}

// A user's own module (tok, pe buffer, encoder = nn.TransformerEncoder(pre-norm, norm=LayerNorm),
// lm_head) trained for seconds and exported with its own names: the tutorial's model.
TEST_CASE("torch: byom-transformer, a trained user model exported with its prefixes", "[torch][model][byom]") {
  const std::string dir = fixtures_dir() + "/byom-transformer";
  const nlohmann::json config = nlohmann::json::parse(read_text_file(dir + "/config.json"));
  CHECK(config.at("names").at("layers") == "encoder.layers");
  CHECK(config.at("norm_first") == true);
  CHECK(config.at("final_norm") == true);
  CHECK(read_safetensors_file(dir + "/model.safetensors").find("pe") != nullptr);
  check_model_dir(dir, "byom-transformer", false);
}
