#include "train/translate.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <set>

#include "core/pmath.h"
#include "layers/cross_entropy.h"
#include "models/trace_names.h"
#include "train/loop.h"

namespace attnlab {

namespace {

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (size_t i = 0; i < words.size(); ++i) s += (i ? " " : "") + words[i];
  return s;
}

std::string length_bucket(size_t n) {
  const size_t lo = n < 3 ? 0 : 3 + (n - 3) / 5 * 5;
  return std::to_string(lo) + "-" + std::to_string(lo + 4);
}

std::vector<SentencePair> read_split(const std::string& dir, const char* name) {
  return read_tsv((std::filesystem::path(dir) / name).string());
}

}  // namespace

nlohmann::json TranslationMetrics::to_json() const {
  const auto num = [](double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); };
  return {{"n", n},
          {"exact_match", exact_match},
          {"token_accuracy", token_accuracy},
          {"loss", loss},
          {"bleu", bleu},
          {"aer", num(aer)},
          {"attention_precision", num(attention_precision)},
          {"alignment_error", num(alignment_error)},
          {"exact_match_by_length", by_length}};
}

Example translation_example(const Seq2Seq& model, const SentencePair& pair) {
  Example ex;
  ex.ids = model.tokenizer().encode(join(pair.en)).ids;
  for (const std::string& w : pair.fr) ex.targets.push_back(model.target_id(w));
  for (int t : ex.targets)
    if (t < 0) throw std::invalid_argument("a French word is not in the target vocabulary, which has no <unk>");
  ex.targets.push_back(model.eos_id());
  return ex;
}

double corpus_bleu(const std::vector<std::vector<int>>& candidates, const std::vector<std::vector<int>>& references) {
  double log_precision = 0;
  int64_t cand_len = 0, ref_len = 0;
  for (size_t k = 0; k < candidates.size(); ++k) {
    cand_len += static_cast<int64_t>(candidates[k].size());
    ref_len += static_cast<int64_t>(references[k].size());
  }
  for (int n = 1; n <= 4; ++n) {
    int64_t matched = 0, total = 0;
    for (size_t k = 0; k < candidates.size(); ++k) {
      std::map<std::vector<int>, int> ref_counts;
      const auto& r = references[k];
      for (size_t i = 0; i + n <= r.size(); ++i) ++ref_counts[std::vector<int>(r.begin() + i, r.begin() + i + n)];
      const auto& c = candidates[k];
      for (size_t i = 0; i + n <= c.size(); ++i) {
        auto it = ref_counts.find(std::vector<int>(c.begin() + i, c.begin() + i + n));
        if (it != ref_counts.end() && it->second > 0) {  // clipped: each reference n-gram counts once
          --it->second;
          ++matched;
        }
        ++total;
      }
    }
    if (matched == 0 || total == 0) return 0.0;
    log_precision += pmath::log(static_cast<double>(matched) / static_cast<double>(total)) / 4.0;
  }
  const double bp =
      cand_len >= ref_len || cand_len == 0 ? 1.0 : pmath::exp(1.0 - static_cast<double>(ref_len) / cand_len);
  return bp * pmath::exp(log_precision);
}

TranslationMetrics evaluate_translation(const Seq2Seq& model, const std::vector<SentencePair>& pairs, int limit) {
  TranslationMetrics m;
  const size_t n = limit > 0 ? std::min(pairs.size(), static_cast<size_t>(limit)) : pairs.size();
  int64_t exact = 0, tokens = 0, correct_tokens = 0, links_a = 0, links_g = 0, links_both = 0;
  int64_t gold_rows = 0, gold_rows_hit = 0;  // target words with a gold link, and those whose argmax is one
  double loss_sum = 0;
  std::map<std::string, std::pair<int, int>> buckets;  // bucket -> (exact, count)
  std::vector<std::vector<int>> candidates, references;
  for (size_t k = 0; k < n; ++k) {
    const SentencePair& p = pairs[k];
    const Example ex = translation_example(model, p);
    candidates.push_back(model.translate_ids(ex.ids));
    references.emplace_back(ex.targets.begin(), ex.targets.end() - 1);
    const bool ok = candidates.back() == references.back();
    exact += ok;
    auto& b = buckets[length_bucket(p.en.size())];
    b.first += ok;
    b.second += 1;

    const ForwardTrace tr = model.forward_forced(ex.ids, ex.targets);
    const Mat* logits = nullptr;
    for (const NamedTensor& t : tr.tensors)
      if (t.name == trace_names::kLogits) logits = &t.value;
    const Mat logp = log_softmax_rows(*logits);
    for (Eigen::Index j = 0; j < logp.rows(); ++j) {
      const int target = ex.targets[static_cast<size_t>(j)];
      Eigen::Index arg;
      logp.row(j).maxCoeff(&arg);
      correct_tokens += static_cast<int>(arg) == target;
      loss_sum -= logp(j, target);
      ++tokens;
    }
    if (!tr.maps.empty()) {
      const Mat& w = tr.maps[0].weights;  // (t + 1, S): reference words then <eos>
      const std::set<std::pair<int, int>> gold(p.alignment.begin(), p.alignment.end());
      std::set<int> has_gold;
      for (const auto& link : p.alignment) has_gold.insert(link.second);
      for (Eigen::Index j = 0; j < static_cast<Eigen::Index>(p.fr.size()); ++j) {
        Eigen::Index arg;
        w.row(j).maxCoeff(&arg);
        const bool hit = gold.count({static_cast<int>(arg), static_cast<int>(j)}) > 0;
        links_both += hit;
        if (has_gold.count(static_cast<int>(j))) {
          ++gold_rows;
          gold_rows_hit += hit;
        }
      }
      links_a += static_cast<int64_t>(p.fr.size());
      links_g += static_cast<int64_t>(gold.size());
    }
  }
  m.n = static_cast<int>(n);
  m.exact_match = n ? static_cast<double>(exact) / n : 0.0;
  m.token_accuracy = tokens ? static_cast<double>(correct_tokens) / tokens : 0.0;
  m.loss = tokens ? loss_sum / tokens : 0.0;
  m.bleu = corpus_bleu(candidates, references);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  m.aer = links_a + links_g > 0 ? 1.0 - 2.0 * links_both / static_cast<double>(links_a + links_g) : nan;
  m.attention_precision = links_a > 0 ? static_cast<double>(links_both) / links_a : nan;
  m.alignment_error = gold_rows > 0 ? 1.0 - static_cast<double>(gold_rows_hit) / gold_rows : nan;
  for (const auto& [bucket, counts] : buckets)
    m.by_length[bucket] = {{"exact_match", static_cast<double>(counts.first) / counts.second}, {"n", counts.second}};
  return m;
}

nlohmann::json translation_model_config(const nlohmann::json& model_config, const std::string& corpus_dir) {
  nlohmann::json m = model_config;
  if (m.contains("target_vocab") && m.contains("tokenizer") && m.contains("vocab_size")) return m;
  const std::string path = (std::filesystem::path(corpus_dir) / "vocab.json").string();
  std::ifstream in(path);
  if (!in) throw ConfigError("cannot open " + path + " (task \"corpus\" must be a folder made by attnlab corpus)");
  nlohmann::json vocab;
  try {
    vocab = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(path + ": " + e.what());
  }
  if (!vocab.contains("source") || !vocab.contains("target"))
    throw ConfigError(path + " must hold \"source\" and \"target\" word lists");
  if (!m.contains("tokenizer")) m["tokenizer"] = {{"kind", "words"}, {"vocab", vocab["source"]}, {"unk", "<unk>"}};
  if (!m.contains("vocab_size")) m["vocab_size"] = vocab["source"].size();
  if (!m.contains("target_vocab")) m["target_vocab"] = vocab["target"];
  return m;
}

TrainReport train_translation(Seq2Seq& model, const nlohmann::json& config, std::ostream& log) {
  const nlohmann::json task = config.value("task", nlohmann::json::object());
  const std::string dir = config_string(task, "corpus", "");
  if (dir.empty())
    throw ConfigError("train config \"task.corpus\" must name a corpus folder (attnlab corpus --out DIR)");
  const int n_eval = config_int(task, "n_eval", 0, 100000000, 300);
  const int n_test = config_int(task, "n_test", 0, 100000000, 0);
  const LoopConfig loop = read_loop_config(config, 1000, 16, 2e-3);

  const std::vector<SentencePair> train = read_split(dir, "train.tsv");
  const std::vector<SentencePair> valid = read_split(dir, "valid.tsv");
  const std::vector<SentencePair> test = read_split(dir, "test.tsv");
  if (train.empty()) throw ConfigError(dir + "/train.tsv has no sentence pairs");
  std::vector<Example> examples;
  for (const SentencePair& p : train) examples.push_back(translation_example(model, p));

  // Epochs in an order shuffled by the engine's own generator (the same natively and in WASM).
  Rng order_rng(loop.seed * 7919 + 1);
  std::vector<size_t> order(examples.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  size_t cursor = order.size();
  const auto next = [&]() -> const Example& {
    if (cursor == order.size()) {
      for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[order_rng.below(i + 1)]);
      cursor = 0;
    }
    return examples[order[cursor++]];
  };
  const auto evaluate = [&](int, std::ostream& out) {
    if (valid.empty()) return;
    const TranslationMetrics v = evaluate_translation(model, valid, n_eval);
    out << "  valid (" << v.n << "): exact " << v.exact_match << "  token acc " << v.token_accuracy << "  loss "
        << v.loss << "  aer " << v.aer << "\n";
  };
  TrainReport rep = run_training(model, loop, next, evaluate, log);
  const TranslationMetrics t = evaluate_translation(model, test, n_test);
  rep.test_accuracy = t.exact_match;
  rep.metrics = {{"test", t.to_json()},
                 {"epochs", static_cast<double>(rep.steps) * loop.batch_size / static_cast<double>(examples.size())},
                 {"batch_size", loop.batch_size},
                 {"train_pairs", examples.size()}};
  log << "test (" << t.n << "): exact " << t.exact_match << "  token acc " << t.token_accuracy << "  aer " << t.aer
      << "\n";
  return rep;
}

}  // namespace attnlab
