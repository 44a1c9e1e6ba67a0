#include "models/config.h"

namespace attnlab {

namespace {

std::string field(const char* key) { return std::string("config \"") + key + "\""; }

}  // namespace

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
