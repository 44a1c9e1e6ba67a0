#include "models/config.h"

#include <vector>

namespace attnlab {

namespace {

std::string field(const char* key) { return std::string("config \"") + key + "\""; }

// PyTorch's names for what the engine's configs call otherwise.
struct Alias {
  const char* pytorch;
  const char* engine;
};
constexpr Alias kAliases[] = {
    {"nhead", "n_head"},         {"num_heads", "n_head"},          {"num_layers", "n_layer"},
    {"dim_feedforward", "d_ff"}, {"num_embeddings", "vocab_size"}, {"embedding_dim", "embed_dim"},
    {"input_size", "embed_dim"}, {"eps", "layer_norm_eps"},        {"type", "architecture"}};

void check_known(const nlohmann::json& c, const std::string& what, const std::vector<const char*>& known) {
  if (!c.is_object()) return;
  for (auto it = c.begin(); it != c.end(); ++it) {
    bool ok = false;
    for (const char* k : known) ok = ok || it.key() == k;
    if (ok) continue;
    std::string msg = what + " has a field \"" + it.key() + "\" that the engine does not know";
    for (const Alias& a : kAliases)
      if (it.key() == a.pytorch) msg += " (PyTorch's \"" + it.key() + "\" is \"" + a.engine + "\" here)";
    msg += "; known fields: ";
    for (size_t i = 0; i < known.size(); ++i) msg += (i ? ", " : "") + std::string(known[i]);
    throw ConfigError(msg + " (docs/config-reference.md)");
  }
}

}  // namespace

void check_model_fields(const nlohmann::json& c, const std::string& architecture,
                        std::initializer_list<const char*> known) {
  std::vector<const char*> all = {"architecture", "tokenizer", "max_tokens", "prefix", "names"};
  all.insert(all.end(), known.begin(), known.end());
  check_known(c, "config of " + architecture, all);
}

void check_fields(const nlohmann::json& c, const std::string& what, std::initializer_list<const char*> known) {
  check_known(c, what, std::vector<const char*>(known));
}

bool config_relu(const nlohmann::json& c, CellKind cell) {
  const bool relu = config_choice(c, "nonlinearity", {{"tanh", false}, {"relu", true}}, false);
  if (relu && cell != CellKind::Rnn)
    throw ConfigError(std::string("config \"nonlinearity\": \"relu\" applies to cell \"rnn\" only, not \"") +
                      to_string(cell) + "\"");
  return relu;
}

int config_int(const nlohmann::json& c, const char* key, int lo, int hi) {
  if (!c.contains(key)) throw ConfigError(std::string("config is missing \"") + key + "\"");
  const auto& v = c[key];
  if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi)
    throw ConfigError(field(key) + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                      "], got " + v.dump());
  return v.get<int>();
}

int config_int(const nlohmann::json& c, const char* key, int lo, int hi, int fallback) {
  return c.contains(key) ? config_int(c, key, lo, hi) : fallback;
}

double config_number(const nlohmann::json& c, const char* key, double lo, double hi, double fallback) {
  if (!c.contains(key)) return fallback;
  const auto& v = c[key];
  if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi))
    throw ConfigError(field(key) + " must be a number in [" + nlohmann::json(lo).dump() + ", " +
                      nlohmann::json(hi).dump() + "], got " + v.dump());
  return v.get<double>();
}

bool config_bool(const nlohmann::json& c, const char* key, bool fallback) {
  if (!c.contains(key)) return fallback;
  if (!c[key].is_boolean()) throw ConfigError(field(key) + " must be true or false, got " + c[key].dump());
  return c[key].get<bool>();
}

std::string config_string(const nlohmann::json& c, const char* key, const std::string& fallback) {
  if (!c.contains(key)) return fallback;
  if (!c[key].is_string()) throw ConfigError(field(key) + " must be a string, got " + c[key].dump());
  return c[key].get<std::string>();
}

}  // namespace attnlab
