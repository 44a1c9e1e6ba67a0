// Bringing a user's PyTorch model (issue 16): no config field is ignored, tensors are found under a
// user's prefixes (or the message says which prefix would find them), the common "pe" buffer is
// checked against the sinusoid, and every CLI command answers --help.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>

#include "cli/cli.h"
#include "io/model_io.h"
#include "io/tensor_names.h"
#include "layers/positional.h"

using namespace attnlab;

namespace {

// One small valid config per architecture.
std::vector<nlohmann::json> every_architecture() {
  const nlohmann::json tok = {{"kind", "hash_words"}};
  return {
      {{"architecture", "attention_encoder"}, {"vocab_size", 11}, {"d_model", 4}, {"n_head", 2}, {"tokenizer", tok}},
      {{"architecture", "rnn_attention"}, {"vocab_size", 11}, {"embed_dim", 3}, {"hidden_size", 4}, {"tokenizer", tok}},
      {{"architecture", "seq2seq"},
       {"vocab_size", 11},
       {"embed_dim", 3},
       {"hidden_size", 4},
       {"target_vocab_size", 6},
       {"tokenizer", tok}},
      {{"architecture", "rnn_self_attention"},
       {"vocab_size", 11},
       {"embed_dim", 3},
       {"hidden_size", 4},
       {"tokenizer", tok}},
      {{"architecture", "rnn_lm"}, {"vocab_size", 11}, {"embed_dim", 3}, {"hidden_size", 4}, {"tokenizer", tok}},
      {{"architecture", "transformer"},
       {"vocab_size", 11},
       {"d_model", 4},
       {"n_head", 2},
       {"n_layer", 1},
       {"d_ff", 5},
       {"tokenizer", tok}},
  };
}

nlohmann::json transformer_config() {
  return {{"architecture", "transformer"},
          {"vocab_size", 11},
          {"d_model", 6},
          {"n_head", 2},
          {"n_layer", 2},
          {"d_ff", 5},
          {"causal", true},
          {"max_len", 12},
          {"final_norm", true},
          {"tokenizer", {{"kind", "hash_words"}}}};
}

// A random transformer's weights, renamed by `rename` (engine name -> name in the file), plus extras.
std::vector<uint8_t> weights_file(const nlohmann::json& config, const std::function<std::string(std::string)>& rename,
                                  const std::vector<TensorData>& extra = {}) {
  std::unique_ptr<Model> m = build_model(config);
  Rng rng(11);
  m->init(rng);
  std::vector<TensorData> t = export_weights(*m);
  for (TensorData& d : t) d.name = rename(d.name);
  t.insert(t.end(), extra.begin(), extra.end());
  return write_safetensors(t, DType::F32);
}

LoadedModel load(const nlohmann::json& config, const std::vector<uint8_t>& bytes) {
  return load_model_from_memory(config.dump(), bytes.data(), bytes.size(), "");
}

std::string load_error(const nlohmann::json& config, const std::vector<uint8_t>& bytes) {
  try {
    load(config, bytes);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(loaded)";
}

TensorData pe_tensor(int rows, int d, double nudge_at = -1) {
  const Mat pe = sinusoidal_encoding(rows, d);
  TensorData t;
  t.name = "pe";
  t.shape = {rows, 1, d};
  t.values.assign(pe.data(), pe.data() + pe.size());
  if (nudge_at >= 0) t.values[static_cast<size_t>(nudge_at)] += 0.01f;
  return t;
}

std::string prefixed(const std::string& n) {
  return n.rfind("layers.", 0) == 0 || n.rfind("norm.", 0) == 0 ? "encoder." + n : n;
}

}  // namespace

TEST_CASE("byom: every architecture refuses a config field it does not read, naming it", "[byom]") {
  for (nlohmann::json c : every_architecture()) {
    INFO(c.dump());
    REQUIRE_NOTHROW(build_model(c));
    c["norm_firts"] = true;
    CHECK_THROWS_WITH(build_model(c), Catch::Contains("\"norm_firts\"") && Catch::Contains("does not know") &&
                                          Catch::Contains(c["architecture"].get<std::string>()));
  }
  nlohmann::json t = every_architecture().back();
  t["nhead"] = 2;
  CHECK_THROWS_WITH(build_model(t), Catch::Contains("PyTorch's \"nhead\" is \"n_head\" here"));
  t = every_architecture().back();
  t["tokenizer"]["vocab"] = nlohmann::json::array();
  CHECK_THROWS_WITH(build_model(t),
                    Catch::Contains("field \"vocab\" is not known to a tokenizer of kind \"hash_words\""));
}

TEST_CASE("byom: nonlinearity relu is read by the nn.RNN models and refused for LSTM/GRU cells", "[byom]") {
  for (nlohmann::json c : every_architecture()) {
    const std::string arch = c["architecture"];
    if (arch != "rnn_lm" && arch != "rnn_attention" && arch != "seq2seq") continue;
    c["cell"] = "rnn";
    if (arch == "seq2seq") c.erase("cell");
    c["nonlinearity"] = "relu";
    CHECK_NOTHROW(build_model(c));
    c["nonlinearity"] = "sigmoid";
    CHECK_THROWS_WITH(build_model(c), Catch::Contains("\"nonlinearity\" is \"sigmoid\" (expected tanh or relu)"));
    if (arch == "seq2seq") continue;
    c["cell"] = "lstm";
    c["nonlinearity"] = "relu";
    CHECK_THROWS_WITH(build_model(c), Catch::Contains("applies to cell \"rnn\" only, not \"lstm\""));
  }
}

TEST_CASE("byom: tensors under a user's module names load through \"names\" and \"prefix\"", "[byom]") {
  const nlohmann::json plain = transformer_config();
  const LoadedModel ref = load(plain, weights_file(plain, [](std::string n) { return n; }));
  const std::vector<int> ids = {3, 1, 4, 1, 5};
  const Mat want = ref.model->forward_ids(ids).tensors.back().value;

  // nn.TransformerEncoder held as self.encoder: "encoder.layers.0...", "encoder.norm.weight".
  const std::vector<uint8_t> nested = weights_file(plain, prefixed);
  const std::string err = load_error(plain, nested);
  CHECK_THAT(err, Catch::Contains("missing tensor \"layers.0.linear1.bias\"") &&
                      Catch::Contains("the file has \"encoder.layers.0.linear1.bias\"") &&
                      Catch::Contains("did you mean prefix \"encoder.\" for \"layers\"") &&
                      Catch::Contains("\"names\": {\"layers\": \"encoder.layers\"}"));
  nlohmann::json named = plain;
  named["names"] = {{"layers", "encoder.layers"}, {"norm", "encoder.norm"}};
  const LoadedModel lm = load(named, nested);
  CHECK(lm.model->forward_ids(ids).tensors.back().value == want);

  // The whole model one level down ("model."): one prefix finds every tensor.
  const std::vector<uint8_t> wrapped = weights_file(plain, [](std::string n) { return "model." + n; });
  CHECK_THAT(load_error(plain, wrapped), Catch::Contains("did you mean \"prefix\": \"model.\"?"));
  nlohmann::json with_prefix = plain;
  with_prefix["prefix"] = "model";  // the final dot is optional
  CHECK(load(with_prefix, wrapped).model->forward_ids(ids).tensors.back().value == want);
  // ... and a folder saved by the engine keeps the user's names.
  const std::vector<TensorData> saved = export_weights(*load(with_prefix, wrapped).model);
  CHECK(saved.front().name == "model.embedding.weight");

  // Another module name of the same shape: "tok_emb.weight" for "embedding.weight".
  const auto tok = [](std::string n) { return n.rfind("embedding.", 0) == 0 ? "tok_emb" + n.substr(9) : n; };
  CHECK_THAT(load_error(plain, weights_file(plain, tok)),
             Catch::Contains("the file has \"tok_emb.weight\"") &&
                 Catch::Contains("did you mean \"names\": {\"embedding\": \"tok_emb\"}?"));
  // Names that point nowhere: the file has the engine's own names.
  CHECK_THAT(load_error(named, weights_file(plain, [](std::string n) { return n; })),
             Catch::Contains("remove \"prefix\" / \"names\""));
  nlohmann::json bad = plain;
  bad["names"] = {{"encoder", "encoder"}};
  CHECK_THAT(load_error(bad, nested), Catch::Contains("has no module \"encoder\" (its modules: embedding, head, "
                                                      "layers, norm)"));
  bad["names"] = "encoder.";
  CHECK_THROWS_WITH(build_model(bad), Catch::Contains("config \"names\" must be an object"));
}

TEST_CASE("byom: a positional-encoding buffer \"pe\" is checked against the sinusoid, never ignored", "[byom]") {
  nlohmann::json c = transformer_config();  // d_model 6, max_len 12
  const auto same = [](std::string n) { return n; };
  CHECK_NOTHROW(load(c, weights_file(c, same, {pe_tensor(40, 6)})));
  TensorData nested = pe_tensor(5000 / 100, 6);
  nested.name = "pos_encoder.pe";
  CHECK_NOTHROW(load(c, weights_file(c, same, {nested})));
  CHECK_THAT(load_error(c, weights_file(c, same, {pe_tensor(40, 6, 6 * 7 + 3)})),
             Catch::Contains("tensor \"pe\": the positional-encoding buffer \"pe\" is not the engine's sinusoid") &&
                 Catch::Contains("at position 7, column 3"));
  CHECK_THAT(load_error(c, weights_file(c, same, {pe_tensor(8, 6)})),
             Catch::Contains("has 8 positions but max_len is 12"));
  c["positional"] = "none";
  CHECK_THAT(load_error(c, weights_file(c, same, {pe_tensor(40, 6)})), Catch::Contains("\"positional\": \"none\""));
  // Another architecture has no such buffer: an unexpected tensor, named.
  const nlohmann::json lm = every_architecture()[4];
  CHECK_THAT(load_error(lm, weights_file(lm, same, {pe_tensor(40, 3)})), Catch::Contains("unexpected tensor \"pe\""));
}

TEST_CASE("byom: a tensor the config leaves out names the config field that would read it", "[byom]") {
  // A state_dict with nn.TransformerEncoder(norm=nn.LayerNorm(D)) but a config without "final_norm"
  // (issue 52 C2): the message names the field, not "weights of another model?".
  nlohmann::json with_norm = transformer_config();
  const std::vector<uint8_t> bytes = weights_file(with_norm, [](std::string n) { return n; });
  nlohmann::json without = with_norm;
  without.erase("final_norm");
  const std::string err = load_error(without, bytes);
  CHECK_THAT(err, Catch::Contains("unexpected tensor \"norm.weight\"") && Catch::Contains("\"final_norm\": true"));
  CHECK_THAT(err, !Catch::Contains("weights of another model?"));
  // Under the user's own names too (nn.TransformerEncoder held as self.encoder).
  nlohmann::json named = without;
  named["names"] = {{"layers", "encoder.layers"}};
  CHECK_THAT(load_error(named, weights_file(with_norm, prefixed)),
             Catch::Contains("unexpected tensor \"encoder.norm.weight\"") && Catch::Contains("\"final_norm\": true") &&
                 Catch::Contains("\"norm\": \"encoder.norm\""));
}

TEST_CASE("cli: --help for the tool and for every command exits 0 and prints its usage", "[byom][cli]") {
  for (const std::string cmd : {"info", "forward", "init", "train", "evaluate", "corpus"}) {
    for (const std::string flag : {"--help", "-h"}) {
      std::ostringstream out, err;
      INFO(cmd << " " << flag);
      CHECK(run_cli({cmd, flag}, out, err) == 0);
      CHECK_THAT(out.str(), Catch::StartsWith("usage: attnlab " + cmd));
      CHECK(err.str().empty());
    }
  }
  std::ostringstream out, err;
  CHECK(run_cli({"--help"}, out, err) == 0);
  CHECK_THAT(out.str(), Catch::Contains("forward") && Catch::Contains("COMMAND --help"));
  // --help wins over whatever else is on the line; an unknown option still fails.
  CHECK(run_cli({"forward", "/nonexistent", "--text", "x", "--help"}, out, err) == 0);
  std::ostringstream out2, err2;
  CHECK(run_cli({"forward", "dir", "--texts", "x"}, out2, err2) == 2);
  CHECK_THAT(err2.str(), Catch::Contains("unknown option --texts") && Catch::Contains("usage: attnlab forward"));
  // The real binary's exit status.
  const std::string cli = ATTNLAB_CLI_PATH;
  for (const std::string cmd : {"forward", "train", "info"}) {
    const int status = std::system((cli + " " + cmd + " --help > /dev/null").c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  const int bad = std::system((cli + " forward --bogus 2> /dev/null").c_str());
  CHECK(WEXITSTATUS(bad) == 2);
}
