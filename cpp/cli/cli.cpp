#include "cli/cli.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>

#include "data/en_fr_grammar.h"
#include "data/en_zh_grammar.h"
#include "io/model_io.h"
#include "io/trace_json.h"
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
  for (const char* key : {"lr", "batch_size", "clip_norm", "weight_decay", "align_weight_decay"})
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
