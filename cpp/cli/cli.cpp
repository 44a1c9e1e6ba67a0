#include "cli/cli.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "data/en_fr_grammar.h"
#include "data/en_zh_grammar.h"
#include "io/model_io.h"
#include "io/trace_json.h"
#include "models/trace_names.h"
#include "train/language_model.h"
#include "train/loop.h"
#include "train/masked_lm.h"
#include "train/text_corpus.h"
#include "train/trainer.h"
#include "train/translate.h"

namespace attnlab {

namespace {

constexpr const char* kUsage = R"(attnlab: see attention work (native engine of AttnLab)

usage: attnlab COMMAND [ARGS]      attnlab COMMAND --help for one command's options

  info      config and model card of a model folder
  forward   tokens, outputs and every attention map of a model for a text
  init      a model folder with seeded random weights
  train     train from a train config, write the model folder
  evaluate  score a seq2seq model or a language model
  corpus    a toy translation corpus with gold alignments (English-French, English-Chinese)
  quantize  a model folder with its weights stored as F16 or 8-bit (I8 with per-row scales)
  compare   two versions of one model on its test data: largest logit and attention change

A model folder holds config.json, model.safetensors and card.json (docs/weights-format.md; every
config field: docs/config-reference.md; a PyTorch model into a folder: docs/byom-tutorial.md).
Exit codes: 0 ok, 1 bad model file or input, 2 bad command line.
)";

// One command: its usage text and the options it takes.
struct Command {
  const char* name;
  const char* usage;
  std::vector<std::string> with_value;
  std::vector<std::string> switches;
};

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"info",
       R"(usage: attnlab info MODEL_DIR
  Loads the folder (config.json, model.safetensors, card.json), checks every tensor against the
  config, and prints the architecture, the parameter count, the config and the card as JSON.
)",
       {},
       {}},
      {"forward",
       R"(usage: attnlab forward MODEL_DIR (--text "..." | --ids 3,1,4) [options]
  Runs the model and prints the tokens and every attention map (rows read columns).
  --text "..."      the input text, tokenized by the model's tokenizer
  --ids 3,1,4       token ids instead of text
  --json            every map and trace tensor as JSON (docs/engine-contract.md)
  --target "..."    seq2seq: decode this sentence (teacher forcing); needs --text
  --intervene JSON  change the attention as it is computed ({"edits": [...]})
)",
       {"--text", "--ids", "--target", "--intervene"},
       {"--json"}},
      {"init",
       R"(usage: attnlab init CONFIG.json --out DIR [--seed N]
  Writes a model folder with seeded random weights for a model config (docs/config-reference.md).
  --out DIR   the folder to write
  --seed N    the random seed (default 1)
)",
       {"--out", "--seed"},
       {}},
      {"train",
       R"(usage: attnlab train CONFIG.json --out DIR [--steps N]
  Trains from a train config (a "model" config, a "task", steps, lr, ...; models/configs/*.json)
  and writes the model folder with its card.
  --out DIR   the folder to write
  --steps N   overrides the config's "steps"
)",
       {"--out", "--steps"},
       {}},
      {"evaluate",
       R"(usage: attnlab evaluate MODEL_DIR --data PAIRS.tsv [--limit N]
       attnlab evaluate MODEL_DIR --corpus DIR [--write-card]
  --data PAIRS.tsv  seq2seq: exact match, token accuracy, alignment error rate of the attention
  --limit N         only the first N pairs
  --corpus DIR      a language model (lm or mlm) on DIR's valid and test splits, as its training did
  --write-card      store the figures on the model's card.json
)",
       {"--data", "--limit", "--corpus"},
       {"--write-card"}},
      {"corpus",
       R"(usage: attnlab corpus --out DIR [--pair en-fr|en-zh|zh-en] [--seed N] [--train N] [--valid N]
                      [--test N] [--max-len N]
  Writes a toy translation corpus with gold alignments: train.tsv, valid.tsv, test.tsv, vocab.json.
  --pair      source-target language: en-fr (default) English->French, en-zh English->Chinese,
              zh-en the same English-Chinese pairs read Chinese->English (sides swapped,
              alignment transposed); --max-len counts English tokens in all three
)",
       {"--out", "--pair", "--seed", "--train", "--valid", "--test", "--max-len"},
       {}},
      {"quantize",
       R"(usage: attnlab quantize MODEL_DIR --out DIR [--dtype q8|f16|bf16|f32] [--i8 NAME,...]
  Writes the model folder again with its weights stored smaller (docs/weights-format.md): q8 stores
  every 2-D weight as I8 with one F16 scale per row ("NAME.scale") and the rest as F16; f16, bf16
  and f32 store every tensor so. config.json is copied; card.json records "weights_dtype" (I8 for
  q8). The metrics on the card are not recomputed: scripts/shrink-models measures them.
  --out DIR     the folder to write (may not be MODEL_DIR)
  --dtype D     q8 (default), f16, bf16 or f32
  --i8 NAMES    only these 2-D tensors (file names, comma-separated) as I8, the rest as --dtype
                (F16 for q8); e.g. --dtype f32 --i8 out.weight: a seq2seq's output projection,
                which no attention map reads
)",
       {"--out", "--dtype", "--i8"},
       {}},
      {"compare",
       R"(usage: attnlab compare MODEL_A MODEL_B (--data PAIRS.tsv | --corpus DIR) [--limit N]
  Runs two versions of one model (e.g. F32 and 8-bit weights) on the same inputs and prints, as
  JSON, the largest absolute change of any logit and of any attention weight.
  --data PAIRS.tsv  seq2seq: every pair, decoded with the reference (teacher forcing) and greedily
                    (translations that differ are counted; their maps are not compared)
  --corpus DIR      a language model: the test split in windows of the card's metrics.context,
                    masked as its evaluation masks them for a masked LM
  --limit N         only the first N pairs or windows
)",
       {"--data", "--corpus", "--limit"},
       {}},
  };
  return all;
}

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Positional arguments and --flag value pairs; boolean flags listed in `switches`.
struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;
  bool has(const std::string& k) const { return options.count(k) > 0; }
  std::string get(const std::string& k) const { return has(k) ? options.at(k) : ""; }
};

Args parse_args(const std::vector<std::string>& args, size_t from, const std::vector<std::string>& with_value,
                const std::vector<std::string>& switches) {
  Args a;
  for (size_t i = from; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (s.rfind("--", 0) != 0) {
      a.positional.push_back(s);
      continue;
    }
    if (std::find(switches.begin(), switches.end(), s) != switches.end()) {
      a.options[s] = "1";
    } else if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
      if (i + 1 >= args.size()) throw UsageError(s + " needs a value");
      a.options[s] = args[++i];
    } else {
      throw UsageError("unknown option " + s);
    }
  }
  return a;
}

int parse_int(const std::string& s, const std::string& what) {
  try {
    size_t used = 0;
    const long v = std::stol(s, &used);
    if (used != s.size() || v < INT32_MIN || v > INT32_MAX) throw std::invalid_argument(s);
    return static_cast<int>(v);
  } catch (const std::exception&) {
    throw UsageError(what + " must be an integer, got \"" + s + "\"");
  }
}

std::vector<int> parse_ids(const std::string& s) {
  std::vector<int> ids;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) ids.push_back(parse_int(item, "--ids entry"));
  return ids;
}

void print_matrix_text(std::ostream& out, const AttentionMap& m) {
  out << m.name << " (layer " << m.layer << ", head " << m.head << "): rows read columns\n";
  out << std::setw(14) << "";
  for (const auto& c : m.col_labels) out << std::setw(9) << c.substr(0, 8);
  out << "\n" << std::fixed << std::setprecision(3);
  for (Eigen::Index r = 0; r < m.weights.rows(); ++r) {
    out << std::setw(14) << (r < static_cast<Eigen::Index>(m.row_labels.size()) ? m.row_labels[r].substr(0, 13) : "");
    for (Eigen::Index c = 0; c < m.weights.cols(); ++c) out << std::setw(9) << m.weights(r, c);
    out << "\n";
  }
  out.unsetf(std::ios::floatfield);
}

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

int cmd_train(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1 || !a.has("--out")) throw UsageError("train takes CONFIG.json and --out DIR");
  const int steps = a.has("--steps") ? parse_int(a.get("--steps"), "--steps") : 0;
  nlohmann::json config = parse_json_text(read_text_file(a.positional[0]), a.positional[0]);
  if (steps > 0) config["steps"] = steps;
  config["model"] = complete_model_config(config);
  std::unique_ptr<Model> model = build_model(config["model"]);
  const TrainReport rep = train_from_config(*model, config, out);
  nlohmann::json card = {{"description", config.value("description", "")},
                         {"data", config.value("task", nlohmann::json::object())},
                         {"seed", config.value("seed", 1)},
                         {"training",
                          {{"steps", rep.steps},
                           {"seconds", rep.seconds},
                           {"first_loss", rep.first_loss},
                           {"final_loss", rep.final_loss},
                           {"loss_curve", rep.loss_curve}}},
                         {"metrics", rep.metrics}};
  // The recipe's settings that shape the model, so a page can say how it was made.
  for (const char* key : {"lr", "batch_size", "clip_norm", "weight_decay", "align_weight_decay", "weights_dtype"})
    if (config.contains(key)) card["training"][key] = config[key];
  const DType dtype = read_loop_config(config, 1, 1, 1e-3).weights_dtype;
  card["weights_dtype"] = dtype_name(dtype);
  save_model_dir(a.get("--out"), *model, card, dtype);
  out << "wrote " << a.get("--out") << ": loss " << rep.first_loss << " -> " << rep.final_loss << ", metrics "
      << rep.metrics.dump() << "\n";
  return 0;
}

// A language model's valid, test and test-head figures with the context and masking its card
// records, computed as its training computed them (train/language_model.cpp, train/masked_lm.cpp).
int evaluate_text_model(const Args& a, std::ostream& out) {
  const std::string dir = a.positional[0];
  LoadedModel lm = load_model_dir(dir);
  const nlohmann::json old = lm.card.value("metrics", nlohmann::json::object());
  if (!old.contains("context"))
    throw std::invalid_argument(dir + "/card.json has no metrics.context: it was not written by an lm or mlm training");
  const int context = old["context"].get<int>();
  std::ostringstream log;
  const TokenSplits s = read_token_splits(*lm.model, {{"corpus", a.get("--corpus")}}, context, log);
  nlohmann::json metrics = old;
  if (lm.model->config().value("objective", "lm") == "mlm") {
    const double rate = old.at("mask_rate").get<double>();
    const uint64_t seed = old.at("mask_seed").get<uint64_t>();
    metrics["valid"] = evaluate_mlm(*lm.model, s.valid, context, 0, rate, seed).to_json();
    metrics["test"] = evaluate_mlm(*lm.model, s.test, context, 0, rate, seed).to_json();
    metrics["test_head"] = evaluate_mlm(*lm.model, s.test, context, kTestHeadTokens, rate, seed).to_json();
  } else {
    metrics["valid"] = evaluate_lm(*lm.model, s.valid, context, 0).to_json();
    metrics["test"] = evaluate_lm(*lm.model, s.test, context, 0).to_json();
    metrics["test_head"] = evaluate_lm(*lm.model, s.test, context, kTestHeadTokens).to_json();
  }
  if (a.has("--write-card")) {
    nlohmann::json card = lm.card;
    card["metrics"] = metrics;
    std::ofstream((std::filesystem::path(dir) / "card.json").string()) << card.dump(2) << "\n";
  }
  out << metrics.dump(2) << "\n";
  return 0;
}

int cmd_evaluate(const Args& a, std::ostream& out) {
  if (a.positional.size() == 1 && a.has("--corpus")) return evaluate_text_model(a, out);
  if (a.positional.size() != 1 || !a.has("--data"))
    throw UsageError("evaluate takes MODEL_DIR and --data PAIRS.tsv (seq2seq) or --corpus DIR (language models)");
  const int limit = a.has("--limit") ? parse_int(a.get("--limit"), "--limit") : 0;
  LoadedModel lm = load_model_dir(a.positional[0]);
  const auto* seq2seq = dynamic_cast<const Seq2Seq*>(lm.model.get());
  if (!seq2seq) throw std::invalid_argument("evaluate needs a seq2seq model, this one is " + lm.model->architecture());
  out << evaluate_translation(*seq2seq, read_tsv(a.get("--data")), limit).to_json().dump(2) << "\n";
  return 0;
}

int cmd_corpus(const Args& a, std::ostream& out) {
  if (!a.positional.empty() || !a.has("--out")) throw UsageError("corpus takes --out DIR and no positional argument");
  CorpusOptions o;
  const auto opt = [&](const char* flag, int fallback) {
    return a.has(flag) ? parse_int(a.get(flag), flag) : fallback;
  };
  o.seed = static_cast<uint64_t>(opt("--seed", 1));
  o.n_train = opt("--train", o.n_train);
  o.n_valid = opt("--valid", o.n_valid);
  o.n_test = opt("--test", o.n_test);
  o.max_len = opt("--max-len", o.max_len);
  if (o.n_train < 1 || o.n_valid < 0 || o.n_test < 0 || o.max_len < 3)
    throw UsageError("--train must be >= 1, --valid and --test >= 0, --max-len >= 3");
  const std::string pair = a.has("--pair") ? a.get("--pair") : "en-fr";
  if (pair != "en-fr" && pair != "en-zh" && pair != "zh-en")
    throw UsageError("--pair is \"" + pair + "\" (expected en-fr, en-zh or zh-en)");
  const Corpus c = pair == "en-fr"   ? generate_corpus(o)
                   : pair == "en-zh" ? generate_en_zh_corpus(o)
                                     : transposed(generate_en_zh_corpus(o));
  write_corpus(a.get("--out"), c);
  out << "wrote " << a.get("--out") << ": " << c.train.size() << " train, " << c.valid.size() << " valid, "
      << c.test.size() << " test pairs (seed " << o.seed << (pair == "en-fr" ? "" : ", " + pair) << ")\n";
  return 0;
}

int cmd_quantize(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1 || !a.has("--out")) throw UsageError("quantize takes MODEL_DIR and --out DIR");
  namespace fs = std::filesystem;
  std::string name = a.has("--dtype") ? a.get("--dtype") : "q8";
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const DType dtype = name == "q8" || name == "i8" ? DType::I8
                      : name == "f16"              ? DType::F16
                      : name == "bf16"             ? DType::BF16
                      : name == "f32"
                          ? DType::F32
                          : throw UsageError("--dtype must be q8, f16, bf16 or f32, got \"" + a.get("--dtype") + "\"");
  const fs::path from(a.positional[0]), to(a.get("--out"));
  if (fs::exists(to) && fs::equivalent(from, to)) throw UsageError("--out must be another folder than MODEL_DIR");
  const DType rest = dtype == DType::I8 ? DType::F16 : dtype;  // with --i8: the tensors not listed
  LoadedModel lm = load_model_dir(from.string());              // every tensor checked against the config
  std::vector<TensorData> weights = export_weights(*lm.model);
  const nlohmann::json metadata = {{"format", "pt"}, {"architecture", lm.model->architecture()}};
  std::vector<uint8_t> bytes;
  if (a.has("--i8")) {
    std::set<std::string> names;
    std::stringstream list(a.get("--i8"));
    for (std::string item; std::getline(list, item, ',');)
      if (!item.empty()) names.insert(item);
    for (TensorData& t : weights) {
      const bool listed = names.erase(t.name) > 0;
      if (listed && t.shape.size() != 2) throw std::invalid_argument("--i8: tensor \"" + t.name + "\" is not 2-D");
      t.dtype = listed ? DType::I8 : rest;
    }
    if (!names.empty()) throw std::invalid_argument("--i8: the model has no tensor \"" + *names.begin() + "\"");
    bytes = write_safetensors_as_given(weights, metadata);
  } else {
    bytes = write_safetensors(weights, dtype, metadata);
  }
  fs::create_directories(to);
  write_bytes_file((to / "model.safetensors").string(), bytes);
  fs::copy_file(from / "config.json", to / "config.json", fs::copy_options::overwrite_existing);
  if (fs::exists(from / "card.json")) {
    nlohmann::json card = lm.card;
    // I8: every 2-D weight I8, the rest F16; "F32+I8": the --i8 tensors I8, the rest F32.
    card["weights_dtype"] = a.has("--i8") ? std::string(dtype_name(rest)) + "+I8" : std::string(dtype_name(dtype));
    std::ofstream((to / "card.json").string()) << card.dump(2) << "\n";
  }
  out << "wrote " << to.string() << ": " << weights.size() << " tensors as " << dtype_name(dtype) << ", "
      << fs::file_size(to / "model.safetensors") << " bytes (was " << fs::file_size(from / "model.safetensors")
      << ")\n";
  return 0;
}

// Largest |a - b| over two traces of one input: logits, and every attention map's weights.
struct TraceChange {
  double logits = 0, attention = 0;
  void add(const ForwardTrace& x, const ForwardTrace& y, const std::string& what) {
    if (x.maps.size() != y.maps.size() || x.tensors.size() != y.tensors.size())
      throw std::invalid_argument(what + ": the two models' traces differ in shape (not one model?)");
    for (size_t i = 0; i < x.tensors.size(); ++i) {
      const Mat &p = x.tensors[i].value, &q = y.tensors[i].value;
      const bool attention = x.tensors[i].name == trace_names::kInitialWeights;
      if (x.tensors[i].name != trace_names::kLogits && !attention) continue;
      if (p.rows() != q.rows() || p.cols() != q.cols())
        throw std::invalid_argument(what + ": tensor " + x.tensors[i].name + " differs in shape");
      double& m = attention ? this->attention : logits;
      if (p.size() > 0) m = std::max(m, static_cast<double>((p - q).cwiseAbs().maxCoeff()));
    }
    for (size_t i = 0; i < x.maps.size(); ++i) {
      const Mat &p = x.maps[i].weights, &q = y.maps[i].weights;
      if (p.rows() != q.rows() || p.cols() != q.cols())
        throw std::invalid_argument(what + ": map " + x.maps[i].name + " differs in shape");
      if (p.size() > 0) attention = std::max(attention, static_cast<double>((p - q).cwiseAbs().maxCoeff()));
    }
  }
};

int cmd_compare(const Args& a, std::ostream& out) {
  if (a.positional.size() != 2 || a.has("--data") == a.has("--corpus"))
    throw UsageError("compare takes MODEL_A, MODEL_B and one of --data PAIRS.tsv or --corpus DIR");
  const int limit = a.has("--limit") ? parse_int(a.get("--limit"), "--limit") : 0;
  const LoadedModel ma = load_model_dir(a.positional[0]), mb = load_model_dir(a.positional[1]);
  if (ma.config != mb.config)
    throw std::invalid_argument("compare needs two versions of one model: the configs differ");
  TraceChange change;
  nlohmann::json result = {{"a", a.positional[0]}, {"b", a.positional[1]}};
  if (a.has("--data")) {
    const auto* sa = dynamic_cast<const Seq2Seq*>(ma.model.get());
    const auto* sb = dynamic_cast<const Seq2Seq*>(mb.model.get());
    if (!sa || !sb)
      throw std::invalid_argument("--data needs a seq2seq model, this one is " + ma.model->architecture());
    const std::vector<SentencePair> pairs = read_tsv(a.get("--data"));
    const size_t n = limit > 0 ? std::min(pairs.size(), static_cast<size_t>(limit)) : pairs.size();
    int changed = 0;
    for (size_t k = 0; k < n; ++k) {
      const Example ex = translation_example(*sa, pairs[k]);
      const std::string what = "pair " + std::to_string(k + 1);
      change.add(sa->forward_forced(ex.ids, ex.targets), sb->forward_forced(ex.ids, ex.targets), what);
      const ForwardTrace x = sa->forward_ids(ex.ids), y = sb->forward_ids(ex.ids);
      if (x.output_tokens != y.output_tokens) {
        ++changed;
        continue;
      }
      change.add(x, y, what);
    }
    result["inputs"] = n;
    result["changed_translations"] = changed;
  } else {
    const nlohmann::json metrics = ma.card.value("metrics", nlohmann::json::object());
    if (!metrics.contains("context"))
      throw std::invalid_argument(a.positional[0] + "/card.json has no metrics.context: not an lm or mlm model");
    const int context = metrics["context"].get<int>();
    std::ostringstream log;
    const TokenSplits s = read_token_splits(*ma.model, {{"corpus", a.get("--corpus")}}, context, log);
    const bool mlm = ma.model->config().value("objective", "lm") == "mlm";
    const MaskTokens special = mlm ? mask_tokens(*ma.model) : MaskTokens{};
    Rng rng(mlm ? metrics.at("mask_seed").get<uint64_t>() : 0);  // the masks of evaluate_mlm
    const int64_t total = static_cast<int64_t>(s.test.size());
    int64_t windows = 0, changed = 0, positions = 0;
    for (int64_t start = 0; start < total && (limit <= 0 || windows < limit); start += context, ++windows) {
      const int64_t len = std::min<int64_t>(context, total - start);
      std::vector<int> ids(s.test.begin() + start, s.test.begin() + start + len);
      if (mlm) ids = mask_window(ids, special, metrics.at("mask_rate").get<double>(), false, rng).ids;
      const ForwardTrace x = ma.model->forward_ids(ids), y = mb.model->forward_ids(ids);
      change.add(x, y, "window " + std::to_string(windows + 1));
      // Top-1 guesses that differ (what the page lists first), over every position.
      const Mat *lx = nullptr, *ly = nullptr;
      for (size_t i = 0; i < x.tensors.size(); ++i)
        if (x.tensors[i].name == trace_names::kLogits) lx = &x.tensors[i].value, ly = &y.tensors[i].value;
      for (Eigen::Index r = 0; lx && r < lx->rows(); ++r, ++positions) {
        Eigen::Index ia, ib;
        lx->row(r).maxCoeff(&ia);
        ly->row(r).maxCoeff(&ib);
        changed += ia != ib;
      }
    }
    result["inputs"] = windows;
    result["positions"] = positions;
    result["changed_top_guesses"] = changed;
  }
  result["max_logit_change"] = change.logits;
  result["max_attention_change"] = change.attention;
  out << result.dump(2) << "\n";
  return 0;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::string& cmd = args[0];
  const auto it = std::find_if(commands().begin(), commands().end(), [&](const Command& c) { return cmd == c.name; });
  if (it == commands().end()) {
    err << "attnlab: unknown command \"" << cmd << "\"\n\n" << kUsage;
    return 2;
  }
  // COMMAND --help (or -h) anywhere: that command's usage, status 0.
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i] == "--help" || args[i] == "-h") {
      out << it->usage;
      return 0;
    }
  try {
    const Args a = parse_args(args, 1, it->with_value, it->switches);
    if (cmd == "info") return cmd_info(a, out);
    if (cmd == "forward") return cmd_forward(a, out);
    if (cmd == "init") return cmd_init(a, out);
    if (cmd == "train") return cmd_train(a, out);
    if (cmd == "evaluate") return cmd_evaluate(a, out);
    if (cmd == "quantize") return cmd_quantize(a, out);
    if (cmd == "compare") return cmd_compare(a, out);
    return cmd_corpus(a, out);
  } catch (const UsageError& e) {
    err << "attnlab " << cmd << ": " << e.what() << "\n\n" << it->usage;
    return 2;
  } catch (const std::exception& e) {
    err << "attnlab " << cmd << ": " << e.what() << "\n";
    return 1;
  }
}

}  // namespace attnlab
