#include "io/model_io.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "io/json_text.h"
#include "io/tensor_names.h"

namespace attnlab {

namespace {

std::string shape_string(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  return out + "]";
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A tensor the model has no parameter for, which a config field the config leaves out would read
// (issue 52 C2): the field to add, or "" (then the tensor is named as another model's).
std::string unread_tensor_hint(const Model& model, const std::string& in_file) {
  const nlohmann::json& c = model.config();
  const std::string arch = model.architecture();
  const bool in_layer = in_file.find("layers.") != std::string::npos;
  if (arch == "transformer" && !c.value("final_norm", false) && !in_layer &&
      (ends_with(in_file, "norm.weight") || ends_with(in_file, "norm.bias"))) {
    const std::string module = in_file.substr(0, in_file.rfind('.'));  // "encoder.norm"
    std::string hint =
        "it looks like a final LayerNorm (nn.TransformerEncoder(..., norm=nn.LayerNorm(d_model))): add "
        "\"final_norm\": true to config.json";
    const std::string prefix = c.value("prefix", std::string());
    if (module != "norm" && module != prefix + "norm" && module != prefix + ".norm")
      hint += ", with \"names\": {\"norm\": \"" + module + "\"}";
    return hint;
  }
  if (ends_with(in_file, "additive_v") && c.value("score", std::string("dot")) != "additive")
    return "an additive score's vector v: add \"score\": \"additive\" to config.json";
  if (ends_with(in_file, ".proj.weight") && !c.value("tie_embeddings", false))
    return "the projection of an output layer tied to the embedding: add \"tie_embeddings\": true to config.json";
  if (arch == "attention_encoder" && ends_with(in_file, "pos_embedding.weight"))
    return "learned positions: add \"positional\": \"learned\" to config.json";
  return "";
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
  if (const auto* j = dynamic_cast<const JsonError*>(&e)) return j->key.empty() ? "json" : "duplicate_key";
  if (dynamic_cast<const ModelLoadError*>(&e)) return "load";
  if (dynamic_cast<const Unsupported*>(&e)) return "unsupported";
  if (dynamic_cast<const InterventionError*>(&e)) return "intervention";
  return "input";
}

nlohmann::json parse_json_text(const std::string& text, const std::string& what) {
  // Every object's keys as they are read, to refuse one given twice (io/json_text.h): the parser
  // itself keeps the last silently.
  struct Object {
    std::set<std::string> keys;
    std::string name;  // the key it is the value of ("tokenizer"); empty at the top
  };
  std::vector<Object> open;
  std::string last_key, twice, inside;
  const nlohmann::json::parser_callback_t check = [&](int, nlohmann::json::parse_event_t event,
                                                      nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (event == Event::object_start) {
      open.push_back({{}, open.empty() ? std::string() : last_key});
    } else if (event == Event::object_end) {
      if (!open.empty()) open.pop_back();
    } else if (event == Event::key && !open.empty()) {
      last_key = parsed.get_ref<const std::string&>();
      if (!open.back().keys.insert(last_key).second && twice.empty()) {
        twice = last_key;
        inside = open.back().name;
      }
    }
    return true;
  };
  nlohmann::json j;
  try {
    // From a pointer range, as the safetensors reader parses its header: one instantiation of the
    // parser in the page's WebAssembly instead of two (a std::string is a second input type).
    j = nlohmann::json::parse(text.data(), text.data() + text.size(), check);
  } catch (const nlohmann::json::parse_error& e) {
    throw JsonError(what, "", what + ": not valid JSON at byte " + std::to_string(e.byte) + " (" + e.what() + ")");
  }
  if (!twice.empty())
    throw JsonError(what, twice,
                    what + ": key \"" + twice + "\" appears twice" +
                        (inside.empty() ? "" : " inside \"" + inside + "\"") +
                        "; a JSON reader would keep one of the two without a word, so each key must be given once");
  return j;
}

void assign_weights(Model& model, const SafetensorsFile& file, const std::string& what) {
  const TensorNames names = TensorNames::from_config(model.config());
  std::map<std::string, Param*> expected;  // by engine name
  std::map<std::string, Shape> shapes;
  model.for_each_param([&](const std::string& name, Param& p) {
    expected[name] = &p;
    shapes[name] = p.shape();
  });
  std::set<std::string> modules;  // the first part of every engine name
  for (const auto& [name, p] : expected) modules.insert(name.substr(0, name.find('.')));
  for (const auto& [module, path] : names.modules)
    if (!modules.count(module)) {
      std::string known;
      for (const std::string& m : modules) known += (known.empty() ? "" : ", ") + m;
      throw ConfigError("config \"names\": " + model.architecture() + " has no module \"" + module +
                        "\" (its modules: " + known + ")");
    }
  // Check every tensor first, so a failure leaves the model as it was.
  for (const auto& [name, p] : expected) {
    const std::string in_file = names.to_file(name);
    const TensorData* t = file.find(in_file);
    if (!t)
      throw ModelLoadError(what + ": missing tensor \"" + in_file + "\" (shape " + shape_string(p->shape()) + " for " +
                           model.architecture() + " with " + model.size_summary() + ")" +
                           missing_tensor_hint(names, name, shapes, file));
    if (t->shape != p->shape())
      throw ModelLoadError(what + ": tensor \"" + in_file + "\" has shape " + shape_string(t->shape) +
                           ", but the config (" + model.size_summary() + ") needs " + shape_string(p->shape()));
  }
  for (const TensorData& t : file.tensors) {
    const std::string engine = names.to_engine(t.name);
    if (!engine.empty() && expected.count(engine)) continue;
    // A buffer PyTorch code registers (the Transformer's "pe", often "pos_encoder.pe"): checked
    // against what the engine computes, never ignored.
    const bool is_pe = t.name == "pe" || (t.name.size() > 3 && t.name.compare(t.name.size() - 3, 3, ".pe") == 0);
    const Model::BufferCheck b = model.check_buffer(is_pe ? "pe" : engine, t.shape, t.values);
    if (b.kind == Model::BufferCheck::Accepted) continue;
    if (b.kind == Model::BufferCheck::Refused) throw ModelLoadError(what + ": tensor \"" + t.name + "\": " + b.why);
    const std::string hint = unread_tensor_hint(model, t.name);
    throw ModelLoadError(what + ": unexpected tensor \"" + t.name + "\": " + model.architecture() + " with " +
                         model.size_summary() + " has no such parameter" +
                         (hint.empty() ? " (weights of another model?)" : "; " + hint));
  }
  for (const auto& [name, p] : expected) {
    const TensorData* t = file.find(names.to_file(name));
    for (Eigen::Index i = 0; i < p->value.size(); ++i) p->value.data()[i] = static_cast<Real>(t->values[i]);
    p->zero_grad();
  }
}

LoadedModel load_model_from_memory(const std::string& config_json, const uint8_t* weights, size_t size,
                                   const std::string& card_json, const std::string& what) {
  LoadedModel out;
  out.config = parse_json_text(config_json, "config.json");
  out.card = card_json.empty() ? nlohmann::json::object() : parse_json_text(card_json, "card.json");
  // The file's own structure first: a truncated or malformed file is named as such, not as a
  // config too big for it (reading the header allocates nothing the buffer does not back).
  const SafetensorsFile file = read_safetensors(weights, size, what);
  try {
    // Every parameter must be in the file, and a value takes at least half a byte (I4): a config
    // asking for more fails here, before its tensors are allocated.
    const ParamBudget budget(2 * static_cast<int64_t>(size));
    out.model = build_model(out.config);
  } catch (const ConfigError& e) {
    // Still code "config" (the page says "a setting it does not know"), now naming the file.
    throw ConfigError(std::string("config.json: ") + e.what());
  } catch (const TooManyParameters&) {
    throw ModelLoadError("config.json asks for more parameters than " + what + " can hold (" + std::to_string(size) +
                         " bytes, at most " + std::to_string(2 * size) +
                         " values): check vocab_size and the widths against the weights");
  }
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
  const TensorNames names = TensorNames::from_config(model.config());
  std::vector<TensorData> out;
  model.for_each_param([&](const std::string& name, Param& p) {
    TensorData t;
    t.name = names.to_file(name);
    t.shape = p.shape();
    t.values.assign(p.value.data(), p.value.data() + p.value.size());
    out.push_back(std::move(t));
  });
  return out;
}

std::string config_file_text(const nlohmann::json& config) {
  // A BPE's merges one pair a line ("[32, 116],"), not four lines a pair as dump(2) writes them: an
  // 8,192-token vocabulary's config is 105 KB instead of 337 (lessons 2 and 3, issue 53).
  const bool bpe = config.contains("tokenizer") && config["tokenizer"].is_object() &&
                   config["tokenizer"].contains("merges") && config["tokenizer"]["merges"].is_array() &&
                   !config["tokenizer"]["merges"].empty();
  if (!bpe) return config.dump(2) + "\n";
  const std::string mark = "\u0001merges\u0001";
  nlohmann::json outline = config;
  outline["tokenizer"]["merges"] = mark;
  std::string text = outline.dump(2) + "\n";
  std::string merges = "[\n";
  const nlohmann::json& list = config["tokenizer"]["merges"];
  for (size_t k = 0; k < list.size(); ++k) {
    std::string pair = list[k].dump();  // [32,116]
    for (size_t c = 0; c < pair.size(); ++c)
      if (pair[c] == ',') pair.insert(++c, " ");
    merges += "      " + pair + (k + 1 < list.size() ? ",\n" : "\n");
  }
  merges += "    ]";
  const std::string quoted = nlohmann::json(mark).dump();
  text.replace(text.find(quoted), quoted.size(), merges);
  return text;
}

void save_model_dir(const std::string& dir, Model& model, const nlohmann::json& card, DType dtype,
                    const std::vector<std::string>& i4, int64_t i4_group) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  std::vector<TensorData> weights = export_weights(model);
  for (TensorData& t : weights) {
    t.dtype = stored_dtype(dtype, t.shape, i4, t.name);
    if (t.dtype == DType::I4) t.group = i4_group;
  }
  write_bytes_file((fs::path(dir) / "model.safetensors").string(),
                   write_safetensors_as_given(weights, {{"format", "pt"}, {"architecture", model.architecture()}}));
  std::ofstream((fs::path(dir) / "config.json").string()) << config_file_text(model.config());
  nlohmann::json c = card;
  c["parameters"] = model.parameter_count();
  std::ofstream((fs::path(dir) / "card.json").string()) << c.dump(2) << "\n";
}

}  // namespace attnlab
