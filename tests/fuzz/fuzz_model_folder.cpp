// A model folder as the page opens it (Session.load in cpp/wasm/bindings.cpp, the CLI's
// load_model_dir): config.json, model.safetensors and card.json, separated in one input by
// kSeparator, through load_model_from_memory; then a forward pass, a forced one and an importance
// on what loaded. Without weights the config goes the way of Session.loadRandom (random weights).
#include "fuzz_common.h"
#include "io/model_io.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> parts = fuzz::split_input(data, size, 4);
  fuzz::FuzzModel m;
  m.name = "the fuzzed folder";
  try {
    if (parts[1].empty()) {
      m.model = build_model(parse_json_text(parts[0], "config"));
      Rng rng(1);
      m.model->init(rng);
    } else {
      const auto* weights = reinterpret_cast<const uint8_t*>(parts[1].data());
      m.model = load_model_from_memory(parts[0], weights, parts[1].size(), parts[2]).model;
    }
  } catch (const std::exception&) {
    return 0;
  }
  m.decodes = m.model->architecture() == "seq2seq";
  const std::string text = parts[3].empty() ? "the cat sat on the mat ." : parts[3];
  fuzz::exercise(m, text, "le chat", nullptr, 0, 1);
  return 0;
}
