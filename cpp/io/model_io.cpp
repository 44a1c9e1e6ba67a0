#include "io/model_io.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace attnlab {

namespace {

std::string shape_string(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + "]";
}

}  // namespace

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelLoadError("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* error_code(const std::exception& e) {
  if (dynamic_cast<const TooManyTokens*>(&e)) return "too_many_tokens";
  if (dynamic_cast<const ConfigError*>(&e)) return "config";
  if (dynamic_cast<const FormatError*>(&e)) return "format";
  if (dynamic_cast<const ModelLoadError*>(&e)) return "load";
  if (dynamic_cast<const Unsupported*>(&e)) return "unsupported";
  if (dynamic_cast<const InterventionError*>(&e)) return "intervention";
  return "input";
}

nlohmann::json parse_json_text(const std::string& text, const std::string& what) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw ModelLoadError(what + ": not valid JSON at byte " + std::to_string(e.byte) + " (" + e.what() + ")");
  }
}

void assign_weights(Model& model, const SafetensorsFile& file, const std::string& what) {
  std::map<std::string, Param*> expected;
  model.for_each_param([&](const std::string& name, Param& p) { expected[name] = &p; });
  // Check every tensor first, so a failure leaves the model as it was.
  for (const auto& [name, p] : expected) {
    const TensorData* t = file.find(name);
    if (!t)
      throw ModelLoadError(what + ": missing tensor \"" + name + "\" (shape " + shape_string(p->shape()) + " for " +
                           model.architecture() + " with " + model.size_summary() + ")");
    if (t->shape != p->shape())
      throw ModelLoadError(what + ": tensor \"" + name + "\" has shape " + shape_string(t->shape) +
                           ", but the config (" + model.size_summary() + ") needs " + shape_string(p->shape()));
  }
  for (const TensorData& t : file.tensors)
    if (!expected.count(t.name))
      throw ModelLoadError(what + ": unexpected tensor \"" + t.name + "\": " + model.architecture() + " with " +
                           model.size_summary() + " has no such parameter (weights of another model?)");
  for (const auto& [name, p] : expected) {
    const TensorData* t = file.find(name);
    for (Eigen::Index i = 0; i < p->value.size(); ++i) p->value.data()[i] = static_cast<Real>(t->values[i]);
    p->zero_grad();
  }
}

LoadedModel load_model_from_memory(const std::string& config_json, const uint8_t* weights, size_t size,
                                   const std::string& card_json, const std::string& what) {
  LoadedModel out;
  out.config = parse_json_text(config_json, "config.json");
  out.card = card_json.empty() ? nlohmann::json::object() : parse_json_text(card_json, "card.json");
  try {
    out.model = build_model(out.config);
  } catch (const ConfigError& e) {
    throw ModelLoadError(std::string("config.json: ") + e.what());
  }
  const SafetensorsFile file = read_safetensors(weights, size, what);
  assign_weights(*out.model, file, what);
  return out;
}

LoadedModel load_model_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path root(dir);
  if (!fs::is_directory(root))
    throw ModelLoadError(dir + " is not a model folder (expected a folder with config.json and model.safetensors)");
  const std::string config = read_text_file((root / "config.json").string());
  const std::string card = fs::exists(root / "card.json") ? read_text_file((root / "card.json").string()) : "";
  const std::string weights_path = (root / "model.safetensors").string();
  const std::string bytes = read_text_file(weights_path);
  return load_model_from_memory(config, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), card,
                                weights_path);
}

std::vector<TensorData> export_weights(Model& model) {
  std::vector<TensorData> out;
  model.for_each_param([&](const std::string& name, Param& p) {
    TensorData t;
    t.name = name;
    t.shape = p.shape();
    t.values.assign(p.value.data(), p.value.data() + p.value.size());
    out.push_back(std::move(t));
  });
  return out;
}

void save_model_dir(const std::string& dir, Model& model, const nlohmann::json& card, DType dtype) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  write_safetensors_file((fs::path(dir) / "model.safetensors").string(), export_weights(model), dtype,
                         {{"format", "pt"}, {"architecture", model.architecture()}});
  std::ofstream((fs::path(dir) / "config.json").string()) << model.config().dump(2) << "\n";
  nlohmann::json c = card;
  c["parameters"] = model.parameter_count();
  std::ofstream((fs::path(dir) / "card.json").string()) << c.dump(2) << "\n";
}

}  // namespace attnlab
