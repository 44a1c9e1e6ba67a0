// Intervention descriptions (models/intervention.h) as the page sends them (Session.forwardEdited
// and forwardForcedEdited: JSON text) or the CLI's --intervene, applied to every model kind. The
// input's first byte chooses the model (fuzz::small_models); the rest is the JSON text, kSeparator,
// the sentence, kSeparator, a forced target.
#include <nlohmann/json.hpp>

#include "fuzz_common.h"

using namespace attnlab;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::vector<fuzz::FuzzModel>& models = fuzz::small_models();
  const fuzz::FuzzModel& m = models[data[0] % models.size()];
  const std::vector<std::string> parts = fuzz::split_input(data + 1, size - 1, 3);
  // As cpp/wasm/bindings.cpp parses it: JSON first, then the description.
  Intervention iv;
  try {
    iv = Intervention(nlohmann::json::parse(parts[0]));
  } catch (const std::exception&) {
    return 0;
  }
  const std::string text = parts[1].empty() ? "the cat sat on the mat ." : parts[1];
  const std::string target = parts[2].empty() ? "le chat est sur la table ." : parts[2];
  fuzz::exercise(m, text, target, &iv, 0, 0);
  return 0;
}
