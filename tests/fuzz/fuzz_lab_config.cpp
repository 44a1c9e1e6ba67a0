// The training lab's config (Lab.create in cpp/wasm/bindings.cpp, `attnlab train`): any JSON text;
// what is accepted takes one optimizer step, evaluates, shows held-out examples and exports its
// model folder, as the page's worker does. Configs with a number above 32 (a width, a batch, a
// length) are skipped: they are slow, not different, and the range checks are read before that.
#include "io/model_io.h"
#include "train/lab.h"

using namespace attnlab;

namespace {

bool small(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>() <= 32;
  if (j.is_structured())
    for (const auto& v : j)
      if (!small(v)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nlohmann::json config;
  try {
    config = nlohmann::json::parse(data, data + size);
  } catch (const std::exception&) {
    return 0;
  }
  if (!small(config)) return 0;
  try {
    LabRun run(config);
    run.step();
    (void)run.evaluate(2);
    for (int index : {0, 1, -1, 1000}) try {
        (void)run.example(index);
      } catch (const std::out_of_range&) {
      }
    Model& model = run.model();
    (void)write_safetensors(export_weights(model), DType::F32, {{"architecture", model.architecture()}});
    (void)run.card(2);
  } catch (const std::exception&) {
  }
  return 0;
}
