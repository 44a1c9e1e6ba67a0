#include "models/intervention.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace attnlab {

namespace {

constexpr size_t kMaxEdits = 4096;
constexpr int kMaxIndex = 1 << 20;

struct OpSpec {
  std::set<std::string> required, optional;
};

const std::map<std::string, OpSpec>& op_specs() {
  static const std::map<std::string, OpSpec> specs = {
      {"pin", {{"row", "key"}, {"layer", "head", "weight"}}},
      {"row", {{"row", "weights"}, {"layer", "head"}}},
      {"uniform", {{}, {"layer", "head", "row"}}},
      {"mask", {{"token"}, {}}},
      {"temperature", {{"value"}, {"layer", "head"}}},
      {"scale", {{"on"}, {}}},
      {"ablate_head", {{"layer", "head"}, {}}},
      {"ablate_layer", {{"layer"}, {}}},
  };
  return specs;
}

std::string op_names() {
  std::string s;
  for (const auto& [name, spec] : op_specs()) s += (s.empty() ? "" : ", ") + name;
  return s;
}

int index_field(const nlohmann::json& e, const char* key, const std::string& at) {
  const nlohmann::json& v = e.at(key);
  if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() >= kMaxIndex)
    throw InterventionError(at + ": \"" + key + "\" must be a whole number from 0 (got " + v.dump() + ")");
  return v.get<int>();
}

double number_field(const nlohmann::json& v, const std::string& at, const std::string& key) {
  if (!v.is_number() || !std::isfinite(v.get<double>()))
    throw InterventionError(at + ": \"" + key + "\" must be a number (got " + v.dump() + ")");
  return v.get<double>();
}

}  // namespace

// The one place that parses an intervention's text (the bindings call it): in the lessons' module
// this file is compiled for size, and so is the JSON parser it instantiates (CMakeLists.txt).
Intervention Intervention::parse(const std::string& json_text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json_text.data(), json_text.data() + json_text.size());
  } catch (const nlohmann::json::parse_error& e) {
    throw InterventionError("the intervention is not valid JSON at byte " + std::to_string(e.byte));
  }
  return Intervention(j);
}

Intervention::Intervention(const nlohmann::json& d) : description_(d) {
  if (!d.is_object()) throw InterventionError("an intervention must be a JSON object {\"edits\": [...]}");
  for (const auto& [key, value] : d.items())
    if (key != "edits") throw InterventionError("an intervention has no field \"" + key + "\" (only \"edits\")");
  if (!d.contains("edits")) return;
  const nlohmann::json& list = d["edits"];
  if (!list.is_array()) throw InterventionError("\"edits\" must be a list");
  if (list.size() > kMaxEdits)
    throw InterventionError("an intervention has at most " + std::to_string(kMaxEdits) + " edits, this one " +
                            std::to_string(list.size()));
  for (size_t i = 0; i < list.size(); ++i) {
    const nlohmann::json& e = list[i];
    std::string at = "edit " + std::to_string(i);
    if (!e.is_object() || !e.contains("op") || !e["op"].is_string())
      throw InterventionError(at + ": an edit is an object with an \"op\" (" + op_names() + ")");
    Edit edit;
    edit.op = e["op"].get<std::string>();
    at += " (" + edit.op + ")";
    const auto spec = op_specs().find(edit.op);
    if (spec == op_specs().end())
      throw InterventionError(at + ": unknown op \"" + edit.op + "\"; the engine knows " + op_names());
    for (const auto& [key, value] : e.items())
      if (key != "op" && !spec->second.required.count(key) && !spec->second.optional.count(key))
        throw InterventionError(at + ": no field \"" + key + "\" for this op");
    for (const std::string& key : spec->second.required)
      if (!e.contains(key)) throw InterventionError(at + ": \"" + key + "\" is missing");
    if (e.contains("layer")) edit.layer = index_field(e, "layer", at);
    if (e.contains("head")) edit.head = index_field(e, "head", at);
    if (e.contains("row")) edit.row = index_field(e, "row", at);
    if (e.contains("key")) edit.key = index_field(e, "key", at);
    if (e.contains("token")) edit.key = index_field(e, "token", at);
    if (e.contains("weight")) edit.value = number_field(e["weight"], at, "weight");
    if (e.contains("value")) {
      edit.value = number_field(e["value"], at, "value");
      if (!(edit.value > 0) || edit.value > 1e6)
        throw InterventionError(at + ": the temperature must be above 0 and at most 1e6 (got " + e["value"].dump() +
                                ")");
    }
    if (e.contains("on")) {
      if (!e["on"].is_boolean()) throw InterventionError(at + ": \"on\" must be true or false");
      edit.on = e["on"].get<bool>();
    }
    if (e.contains("weights")) {
      const nlohmann::json& ws = e["weights"];
      if (!ws.is_array() || ws.empty() || ws.size() > static_cast<size_t>(kMaxIndex))
        throw InterventionError(at + ": \"weights\" must be a non-empty list of numbers");
      for (const nlohmann::json& w : ws) edit.weights.push_back(number_field(w, at, "weights"));
    }
    // A row's edit names one map: the first layer and head unless said.
    if (edit.op == "pin" || edit.op == "row") {
      if (edit.layer < 0) edit.layer = 0;
      if (edit.head < 0) edit.head = 0;
    }
    edits_.push_back(std::move(edit));
  }
}

void Intervention::check(const EditableShape& s) const {
  for (const Edit& e : edits_) {
    const std::string at = "the " + e.op + " edit";
    if (e.layer >= s.layers)
      throw InterventionError(at + ": layer " + std::to_string(e.layer) + " is outside 0.." +
                              std::to_string(s.layers - 1) + " (" + s.model + " has " + std::to_string(s.layers) + ")");
    if (e.head >= s.heads)
      throw InterventionError(at + ": head " + std::to_string(e.head) + " is outside 0.." +
                              std::to_string(s.heads - 1) + " (" + s.model + " has " + std::to_string(s.heads) +
                              " per layer)");
    if ((e.op == "ablate_head" || e.op == "ablate_layer") && !s.heads_can_be_ablated)
      throw InterventionError(at + ": " + s.model + " has no attention heads to switch off");
    if (e.op == "scale" && !s.scale_can_be_toggled)
      throw InterventionError(at + ": " + s.model + " has no 1/sqrt(d_k) scaling to switch");
  }
}

bool Intervention::applies(const Edit& e, int layer, int head) const {
  return (e.layer < 0 || e.layer == layer) && (e.head < 0 || e.head == head);
}

MapEdit Intervention::map(int layer, int head, const std::string& what) const {
  MapEdit m;
  m.what = what;
  for (const Edit& e : edits_) {
    if (e.op == "mask") {
      if (std::find(m.masked_keys.begin(), m.masked_keys.end(), e.key) == m.masked_keys.end())
        m.masked_keys.push_back(e.key);
      continue;
    }
    if (!applies(e, layer, head)) continue;
    if (e.op == "temperature") {
      m.temperature = e.value;  // the last one that applies
    } else if (e.op == "uniform") {
      if (e.row < 0)
        m.uniform = true;
      else
        m.uniform_rows.push_back(e.row);
    } else if (e.op == "pin" || e.op == "row") {
      auto it = std::find_if(m.rows.begin(), m.rows.end(), [&](const RowEdit& r) { return r.row == e.row; });
      if (it == m.rows.end()) {
        m.rows.push_back(RowEdit{e.row, {}, {}});
        it = m.rows.end() - 1;
      }
      if (e.op == "row") {
        it->weights = e.weights;
        it->pins.clear();
      } else {
        if (!it->weights.empty())
          throw InterventionError(what + ", row " + std::to_string(e.row) + ": a whole row and a pin are both given");
        it->pins.push_back(RowPin{e.key, e.value});
      }
    }
  }
  return m;
}

bool Intervention::head_ablated(int layer, int head) const {
  return std::any_of(edits_.begin(), edits_.end(),
                     [&](const Edit& e) { return e.op == "ablate_head" && e.layer == layer && e.head == head; });
}

bool Intervention::layer_ablated(int layer) const {
  return std::any_of(edits_.begin(), edits_.end(),
                     [&](const Edit& e) { return e.op == "ablate_layer" && e.layer == layer; });
}

bool Intervention::scaled() const {
  bool on = true;
  for (const Edit& e : edits_)
    if (e.op == "scale") on = e.on;
  return on;
}

}  // namespace attnlab
