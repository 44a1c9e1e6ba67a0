// The commands that train and measure: train, evaluate, corpus, compare.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "data/en_fr_grammar.h"
#include "data/en_zh_grammar.h"
#include "io/model_io.h"
#include "models/trace_names.h"
#include "train/language_model.h"
#include "train/loop.h"
#include "train/masked_lm.h"
#include "train/text_corpus.h"
#include "train/trainer.h"
#include "train/translate.h"

namespace attnlab::cli {

namespace {

// "init_from": the training starts from a model folder's weights (train/loop.h). The folder must
// hold the same model: the same config, key for key, so every tensor fits; or the same model with a
// vocabulary its tokenizer extends ("task.extend_tokenizer_of": its tensors grow, grow_vocabulary).
// Returns the folder's card.
nlohmann::json read_start_weights(Model& model, const std::string& folder, int& grown_from) {
  const LoadedModel base = load_model_dir(folder);
  const nlohmann::json& want = model.config();
  const nlohmann::json have = base.model->config();
  nlohmann::json want_rest = want, have_rest = have;
  for (const char* key : {"tokenizer", "vocab_size"}) want_rest.erase(key), have_rest.erase(key);
  const bool grows = have != want && want_rest == have_rest && want.contains("tokenizer") &&
                     have.contains("tokenizer") && bpe_extends(want["tokenizer"], have["tokenizer"]);
  if (have != want && !grows) {
    nlohmann::json all = want;
    all.update(have);  // every key of either
    std::string key;
    for (const auto& item : all.items()) {
      if (!want.contains(item.key()) || !have.contains(item.key()) || want[item.key()] != have[item.key()]) {
        key = item.key();
        break;
      }
    }
    throw ConfigError("train config \"init_from\": " + folder + " holds another model (its config differs at \"" + key +
                      "\")");
  }
  SafetensorsFile weights;
  weights.tensors = export_weights(*base.model);
  grown_from = grows ? have.value("vocab_size", 0) : 0;
  if (grows) {
    std::map<std::string, Shape> shapes;
    for (const TensorData& t : export_weights(model)) shapes[t.name] = t.shape;
    grow_vocabulary(weights.tensors, have["tokenizer"], want["tokenizer"],
                    [&](const std::string& name) { return shapes.count(name) ? shapes[name] : Shape{}; });
  }
  assign_weights(model, weights, folder);
  return base.card;
}

}  // namespace

int cmd_train(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1 || !a.has("--out")) throw UsageError("train takes CONFIG.json and --out DIR");
  const int steps = a.has("--steps") ? parse_int(a.get("--steps"), "--steps") : 0;
  nlohmann::json config = parse_json_text(read_text_file(a.positional[0]), a.positional[0]);
  if (steps > 0) config["steps"] = steps;
  config["model"] = complete_model_config(config);
  std::unique_ptr<Model> model = build_model(config["model"]);
  nlohmann::json base_card;  // the card of the "init_from" folder, read once with its weights
  int grown_from = 0;        // its vocabulary's size when the run grows it (extend_tokenizer_of)
  set_init_from_reader(
      [&](Model& m, const std::string& folder) { base_card = read_start_weights(m, folder, grown_from); });
  struct Uninstall {  // the reader refers to base_card: it goes when cmd_train returns or throws
    ~Uninstall() { set_init_from_reader(nullptr); }
  } uninstall;
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
  // The recipe's settings that shape the model, so a page can say how it was made ("seed_runs": the
  // runs of the same recipe with other seeds that this one was picked from, docs/models.md).
  for (const char* key : {"lr", "batch_size", "clip_norm", "weight_decay", "align_weight_decay", "weights_dtype",
                          "weights_i4", "weights_i4_group", "seed_runs"})
    if (config.contains(key)) card["training"][key] = config[key];
  // How to reproduce it, as the recipe says (a script that trains its base first, for example).
  if (config.contains("reproduce")) card["reproduce"] = config["reproduce"];
  // A fine-tuning run says what it started from: the folder and how that model was trained.
  if (config.contains("init_from")) {
    const std::string from = config["init_from"].get<std::string>();
    nlohmann::json base = base_card.value("training", nlohmann::json::object());
    base.erase("loss_curve");
    card["training"]["init_from"] = {{"folder", from},
                                     {"seed", base_card.value("seed", nlohmann::json())},
                                     {"training", base},
                                     {"metrics", base_card.value("metrics", nlohmann::json::object())}};
    // A run that grew the vocabulary says from what to what, and on which text (docs/models.md,
    // "Everyday English"): the page tells the student (lessons/shared/card-int8.ts).
    if (grown_from > 0)
      card["training"]["vocabulary_grown"] = {
          {"from", grown_from},
          {"to", model->config().value("vocab_size", 0)},
          {"corpus", config.value("task", nlohmann::json::object()).value("corpus", "")}};
  }
  const LoopConfig loop = read_loop_config(config, 1, 1, 1e-3);
  // "I8+I4": 8-bit weights with the tensors of weights_i4 in 4 bits (as quantize --i4 writes it).
  card["weights_dtype"] = std::string(dtype_name(loop.weights_dtype)) + (loop.weights_i4.empty() ? "" : "+I4");
  save_model_dir(a.get("--out"), *model, card, loop.weights_dtype, loop.weights_i4, loop.weights_i4_group);
  out << "wrote " << a.get("--out") << ": loss " << rep.first_loss << " -> " << rep.final_loss << ", metrics "
      << rep.metrics.dump() << "\n";
  return 0;
}

namespace {

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
    const std::string key = a.has("--card-key") ? a.get("--card-key") : "metrics";
    if (key.rfind("metrics", 0) != 0)
      throw UsageError("--card-key must start with \"metrics\" (\"metrics_austen\"), got \"" + key + "\"");
    if (key != "metrics") metrics["corpus"] = a.get("--corpus");
    card[key] = metrics;
    std::ofstream((std::filesystem::path(dir) / "card.json").string()) << card.dump(2) << "\n";
  }
  out << metrics.dump(2) << "\n";
  return 0;
}

}  // namespace

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

namespace {

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

}  // namespace

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

}  // namespace attnlab::cli
