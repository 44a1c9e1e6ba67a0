#include "io/trace_json.h"

#include "io/trace_writer.h"

namespace attnlab {

namespace {

// The JSON writer for write_trace (io/trace_writer.h).
struct JsonWriter {
  nlohmann::json j = nlohmann::json::object();
  JsonWriter object() const { return {}; }
  void set(const char* key, const std::string& v) { j[key] = v; }
  void set(const char* key, int v) { j[key] = v; }
  void set(const char* key, bool v) { j[key] = v; }
  void strings(const char* key, const std::vector<std::string>& v) { j[key] = v; }
  void ints(const char* key, const std::vector<int>& v) { j[key] = v; }
  void bools(const char* key, const std::vector<bool>& v) { j[key] = v; }
  void floats(const char* key, const Mat& m) {
    nlohmann::json a = nlohmann::json::array();
    for (Eigen::Index i = 0; i < m.size(); ++i) a.push_back(static_cast<float>(m.data()[i]));
    j[key] = std::move(a);
  }
  void list(const char* key, std::vector<JsonWriter>&& objects) {
    nlohmann::json a = nlohmann::json::array();
    for (JsonWriter& o : objects) a.push_back(std::move(o.j));
    j[key] = std::move(a);
  }
};

}  // namespace

nlohmann::json trace_to_json(const ForwardTrace& tr, const std::string& architecture) {
  JsonWriter w;
  write_trace(tr, w);
  w.j["model"] = architecture;
  return std::move(w.j);
}

}  // namespace attnlab
