// The commands that read and write model folders: info, forward, init, quantize.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "core/utf8.h"
#include "io/model_io.h"
#include "io/trace_json.h"

namespace attnlab::cli {

namespace {

// A label right-aligned in `width` terminal columns, cut to width - 1 (a space between columns):
// by display width, so a Chinese label is never cut inside a character and the columns line up
// (setw and substr count bytes: 图书馆 is 9 bytes and 6 columns).
std::string column(const std::string& label, size_t width) {
  const std::string cut = utf8_fit_columns(label, width - 1);
  return std::string(width - utf8_columns(cut), ' ') + cut;
}

void print_matrix_text(std::ostream& out, const AttentionMap& m) {
  out << m.name << " (layer " << m.layer << ", head " << m.head << "): rows read columns\n";
  out << std::setw(14) << "";
  for (const auto& c : m.col_labels) out << column(c, 9);
  out << "\n" << std::fixed << std::setprecision(3);
  for (Eigen::Index r = 0; r < m.weights.rows(); ++r) {
    out << column(r < static_cast<Eigen::Index>(m.row_labels.size()) ? m.row_labels[r] : "", 14);
    for (Eigen::Index c = 0; c < m.weights.cols(); ++c) out << std::setw(9) << m.weights(r, c);
    out << "\n";
  }
  out.unsetf(std::ios::floatfield);
}

}  // namespace

int cmd_info(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1) throw UsageError("info takes one MODEL_DIR");
  LoadedModel lm = load_model_dir(a.positional[0]);
  nlohmann::json j = {{"architecture", lm.model->architecture()},
                      {"parameters", lm.model->parameter_count()},
                      {"config", lm.config},
                      {"card", lm.card}};
  out << j.dump(2) << "\n";
  return 0;
}

int cmd_forward(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1) throw UsageError("forward takes one MODEL_DIR");
  if (a.has("--text") == a.has("--ids")) throw UsageError("forward needs exactly one of --text or --ids");
  if (a.has("--target") && !a.has("--text")) throw UsageError("--target needs --text");
  LoadedModel lm = load_model_dir(a.positional[0]);
  Intervention iv;
  if (a.has("--intervene")) iv = Intervention(parse_json_text(a.get("--intervene"), "--intervene"));
  ForwardTrace tr;
  if (a.has("--target")) {
    tr = lm.model->forward_text_forced(a.get("--text"), a.get("--target"), &iv);
  } else if (a.has("--text")) {
    tr = lm.model->forward_text(a.get("--text"), &iv);
  } else {
    tr = iv.empty() ? lm.model->forward_ids(parse_ids(a.get("--ids")))
                    : lm.model->forward_edited(parse_ids(a.get("--ids")), iv);
    for (int id : tr.ids) tr.tokens.push_back(std::to_string(id));
    tr.unknown.assign(tr.ids.size(), false);
    for (AttentionMap& m : tr.maps) {
      if (m.col_labels.empty()) m.col_labels = tr.tokens;
      if (m.row_labels.empty()) m.row_labels = tr.tokens;
    }
  }
  if (a.has("--json")) {
    out << trace_to_json(tr, lm.model->architecture()).dump() << "\n";
    return 0;
  }
  out << "tokens:";
  for (size_t i = 0; i < tr.tokens.size(); ++i) out << " " << tr.tokens[i] << (tr.unknown[i] ? "(unknown)" : "");
  out << "\n";
  if (tr.tokens.empty()) out << "(no tokens: nothing to attend to)\n";
  if (tr.output_limit > 0) {  // a model that decoded on its own: its words, and how it stopped
    out << "output:";
    for (const std::string& w : tr.output_tokens) out << " " << w;
    out << "\n";
    if (tr.stopped_for_length)
      out << "(stopped for length: " << tr.output_limit << " words, the most for " << tr.tokens.size()
          << " tokens, without <eos>)\n";
  }
  for (const AttentionMap& m : tr.maps) print_matrix_text(out, m);
  return 0;
}

int cmd_init(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1 || !a.has("--out")) throw UsageError("init takes CONFIG.json and --out DIR");
  const int seed = a.has("--seed") ? parse_int(a.get("--seed"), "--seed") : 1;
  const nlohmann::json config = parse_json_text(read_text_file(a.positional[0]), a.positional[0]);
  std::unique_ptr<Model> model = build_model(config);
  Rng rng(static_cast<uint64_t>(seed));
  model->init(rng);
  save_model_dir(a.get("--out"), *model,
                 {{"description", "random weights (untrained): the attention pattern means nothing"},
                  {"data", "none"},
                  {"seed", seed}});
  out << "wrote " << a.get("--out") << " (" << model->parameter_count() << " parameters, seed " << seed << ")\n";
  return 0;
}

int cmd_quantize(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1 || !a.has("--out")) throw UsageError("quantize takes MODEL_DIR and --out DIR");
  namespace fs = std::filesystem;
  std::string name = a.has("--dtype") ? a.get("--dtype") : "q8";
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const DType dtype =
      name == "q8" || name == "i8"   ? DType::I8
      : name == "q4" || name == "i4" ? DType::I4
      : name == "f16"                ? DType::F16
      : name == "bf16"               ? DType::BF16
      : name == "f32"                ? DType::F32
                      : throw UsageError("--dtype must be q8, q4, f16, bf16 or f32, got \"" + a.get("--dtype") + "\"");
  const fs::path from(a.positional[0]), to(a.get("--out"));
  if (fs::exists(to) && fs::equivalent(from, to)) throw UsageError("--out must be another folder than MODEL_DIR");
  if (a.has("--i8") && a.has("--i4")) throw UsageError("--i8 and --i4 cannot be combined");
  // --group: the 4-bit weights (q4, or --i4's) with a scale per N columns instead of per row.
  int64_t group = 0;
  if (a.has("--group")) {
    if (dtype != DType::I4 && !a.has("--i4"))
      throw UsageError("--group sets the scales of 4-bit weights: use --dtype q4 or --i4");
    try {
      size_t used = 0;
      group = std::stoll(a.get("--group"), &used);
      if (used != a.get("--group").size() || group < 1) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw UsageError("--group must be a whole number of columns, at least 1, got \"" + a.get("--group") + "\"");
    }
  }
  // --i8 lists the 8-bit tensors of an otherwise F16 (q8), F32 or BF16 file; --i4 the 4-bit ones of
  // a file stored as --dtype (q8: the rest 8-bit).
  const bool i8_list = a.has("--i8"), i4_list = a.has("--i4");
  const DType rest = i8_list && dtype == DType::I8 ? DType::F16 : dtype;
  LoadedModel lm = load_model_dir(from.string());  // every tensor checked against the config
  std::vector<TensorData> weights = export_weights(*lm.model);
  const nlohmann::json metadata = {{"format", "pt"}, {"architecture", lm.model->architecture()}};
  std::vector<uint8_t> bytes;
  if (i8_list || i4_list) {
    const std::string flag = i8_list ? "--i8" : "--i4";
    std::set<std::string> names;
    std::stringstream list(a.get(flag));
    for (std::string item; std::getline(list, item, ',');)
      if (!item.empty()) names.insert(item);
    for (TensorData& t : weights) {
      const bool listed = names.erase(t.name) > 0;
      if (listed && t.shape.size() != 2) throw std::invalid_argument(flag + ": tensor \"" + t.name + "\" is not 2-D");
      t.dtype = stored_dtype(listed ? (i8_list ? DType::I8 : DType::I4) : rest, t.shape);
      if (t.dtype == DType::I4) t.group = group;
    }
    if (!names.empty()) throw std::invalid_argument(flag + ": the model has no tensor \"" + *names.begin() + "\"");
    bytes = write_safetensors_as_given(weights, metadata);
  } else if (group > 0) {
    for (TensorData& t : weights) {
      t.dtype = stored_dtype(dtype, t.shape);
      if (t.dtype == DType::I4) t.group = group;
    }
    bytes = write_safetensors_as_given(weights, metadata);
  } else {
    bytes = write_safetensors(weights, dtype, metadata);
  }
  const std::string stored = std::string(dtype_name(rest)) + (i8_list ? "+I8" : i4_list ? "+I4" : "");
  fs::create_directories(to);
  write_bytes_file((to / "model.safetensors").string(), bytes);
  fs::copy_file(from / "config.json", to / "config.json", fs::copy_options::overwrite_existing);
  if (fs::exists(from / "card.json")) {
    nlohmann::json card = lm.card;
    // I8: every 2-D weight I8, the rest F16; "F32+I8": the --i8 tensors I8, the rest F32; "I8+I4":
    // the --i4 tensors in 4 bits, the rest as q8.
    card["weights_dtype"] = stored;
    if (group > 0)
      card["weights_i4_group"] = group;
    else
      card.erase("weights_i4_group");
    std::ofstream((to / "card.json").string()) << card.dump(2) << "\n";
  }
  out << "wrote " << to.string() << ": " << weights.size() << " tensors as " << stored << ", "
      << fs::file_size(to / "model.safetensors") << " bytes (was " << fs::file_size(from / "model.safetensors")
      << ")\n";
  return 0;
}

}  // namespace attnlab::cli
