#include "io/tensor_names.h"

#include "models/config.h"

namespace attnlab {

namespace {

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }
bool ends_with(const std::string& s, const std::string& p) {
  return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

std::string shape_text(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + "]";
}

}  // namespace

TensorNames TensorNames::from_config(const nlohmann::json& config) {
  TensorNames n;
  n.prefix = config_string(config, "prefix", "");
  if (!n.prefix.empty() && n.prefix.back() != '.') n.prefix += '.';
  if (!config.contains("names")) return n;
  const nlohmann::json& names = config["names"];
  if (!names.is_object())
    throw ConfigError("config \"names\" must be an object such as {\"layers\": \"encoder.layers\"}, got " +
                      names.dump());
  for (auto it = names.begin(); it != names.end(); ++it) {
    if (!it.value().is_string() || it.value().get<std::string>().empty() || it.key().empty() ||
        it.key().find('.') != std::string::npos)
      throw ConfigError("config \"names\": \"" + it.key() +
                        "\" must be one engine module name mapped to a non-empty tensor path, got " +
                        it.value().dump());
    n.modules[it.key()] = it.value().get<std::string>();
  }
  return n;
}

std::string TensorNames::to_file(const std::string& engine_name) const {
  const size_t dot = engine_name.find('.');
  const std::string module = engine_name.substr(0, dot);
  const auto it = modules.find(module);
  const std::string rest = dot == std::string::npos ? "" : engine_name.substr(dot);
  return prefix + (it == modules.end() ? engine_name : it->second + rest);
}

std::string TensorNames::to_engine(const std::string& file_name) const {
  if (!starts_with(file_name, prefix)) return "";
  const std::string name = file_name.substr(prefix.size());
  for (const auto& [module, path] : modules)
    if (name == path || starts_with(name, path + ".")) return module + name.substr(path.size());
  return name;
}

std::string missing_tensor_hint(const TensorNames& names, const std::string& engine_name,
                                const std::map<std::string, Shape>& expected, const SafetensorsFile& file) {
  const Shape& shape = expected.at(engine_name);
  const std::string module = engine_name.substr(0, engine_name.find('.'));
  const std::string rest = engine_name.substr(module.size());  // ".0.linear1.bias" or ""
  // 1. The engine's own name is in the file: "prefix" or "names" point elsewhere.
  if (!names.empty() && file.find(engine_name))
    return "; the file has \"" + engine_name + "\": remove \"prefix\" / \"names\" from the config";
  // 2. Under a prefix: "encoder.layers.0.linear1.bias" for "layers.0.linear1.bias".
  for (const TensorData& t : file.tensors) {
    if (!ends_with(t.name, "." + engine_name) || t.shape != shape) continue;
    const std::string p = t.name.substr(0, t.name.size() - engine_name.size());
    bool all = true;
    for (const auto& [e, s] : expected) {
      const TensorData* u = file.find(p + e);
      all = all && u && u->shape == s;
    }
    if (all) return "; the file has \"" + t.name + "\": did you mean \"prefix\": \"" + p + "\"?";
    return "; the file has \"" + t.name + "\": did you mean prefix \"" + p + "\" for \"" + module +
           "\", i.e. \"names\": {\"" + module + "\": \"" + p + module + "\"}?";
  }
  // 3. Under another module name with the same shape, one candidate only ("tok_emb.weight").
  std::string found;
  int n_found = 0;
  for (const TensorData& t : file.tensors) {
    if (t.shape != shape || (!rest.empty() && !ends_with(t.name, rest)) || t.name.size() <= rest.size()) continue;
    const std::string engine = names.to_engine(t.name);
    if (!engine.empty() && expected.count(engine)) continue;  // someone else's tensor
    found = t.name;
    ++n_found;
  }
  if (n_found == 1) {
    const std::string path = found.substr(0, found.size() - rest.size());
    const std::string user = starts_with(path, names.prefix) ? path.substr(names.prefix.size()) : path;
    return "; the file has \"" + found + "\" of that shape " + shape_text(shape) + ": did you mean \"names\": {\"" +
           module + "\": \"" + user + "\"}?";
  }
  return "";
}

}  // namespace attnlab
