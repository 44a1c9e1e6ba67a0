#include "train/text_corpus.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/pmath.h"
#include "io/model_io.h"
#include "text/bpe.h"
#include "text/char_tokenizer.h"
#include "train/language_model.h"

namespace attnlab {

nlohmann::json bpe_model_config(const nlohmann::json& model_config, const nlohmann::json& task,
                                const std::vector<std::string>& specials) {
  nlohmann::json cfg = model_config;
  const std::string kind = config_string(task, "tokenizer", "bpe");
  if (kind != "bpe" && kind != "chars")
    throw ConfigError("train config \"task.tokenizer\" is \"" + kind + "\" (expected bpe or chars)");
  if (!cfg.contains("tokenizer") && kind == "chars") {
    const int vocab = config_int(task, "vocab_size", 4, 65536, 4096);
    cfg["tokenizer"] =
        CharTokenizer::train(read_corpus_text(config_string(task, "corpus", ""), "train.txt"), vocab, specials);
    cfg["vocab_size"] = cfg["tokenizer"]["vocab"].size();
  }
  if (!cfg.contains("tokenizer") && task.contains("extend_tokenizer_of")) {
    if (kind != "bpe") throw ConfigError("train config \"task.extend_tokenizer_of\" extends a BPE tokenizer only");
    const std::string folder = config_string(task, "extend_tokenizer_of", "");
    std::ifstream in(folder + "/config.json", std::ios::binary);
    if (!in) throw ConfigError("train config \"task.extend_tokenizer_of\": cannot read " + folder + "/config.json");
    std::ostringstream text;
    text << in.rdbuf();
    const nlohmann::json base_config = parse_json_text(text.str(), folder + "/config.json");
    if (!base_config.contains("tokenizer") || base_config["tokenizer"].value("kind", "") != "bpe")
      throw ConfigError(folder + "/config.json has no BPE tokenizer to extend");
    const BpeTokenizer base = BpeTokenizer::from_json(base_config["tokenizer"]);
    if (base.specials() != specials)
      throw ConfigError(folder + "'s tokenizer has other special tokens than this task's");
    const int vocab = config_int(task, "vocab_size", base.vocab_size(), 65536);
    const BpeTokenizer bpe =
        BpeTokenizer::extend(base, read_corpus_text(config_string(task, "corpus", ""), "train.txt"), vocab);
    cfg["tokenizer"] = bpe.to_json();
    cfg["vocab_size"] = bpe.vocab_size();
  }
  if (!cfg.contains("tokenizer")) {
    const int vocab = config_int(task, "vocab_size", 260, 65536, 4096);
    const BpeTokenizer bpe =
        BpeTokenizer::train(read_corpus_text(config_string(task, "corpus", ""), "train.txt"), vocab, specials);
    cfg["tokenizer"] = bpe.to_json();
    cfg["vocab_size"] = bpe.vocab_size();
  }
  return cfg;
}

TokenSplits read_token_splits(const Model& model, const nlohmann::json& task, int context, std::ostream& log) {
  const std::string dir = config_string(task, "corpus", "");
  if (dir.empty()) throw ConfigError("train config \"task.corpus\" must name a text folder (scripts/extract-austen)");
  TokenSplits s;
  s.train = model.tokenizer().encode(read_corpus_text(dir, "train.txt")).ids;
  s.valid = model.tokenizer().encode(read_corpus_text(dir, "valid.txt")).ids;
  s.test = model.tokenizer().encode(read_corpus_text(dir, "test.txt")).ids;
  if (static_cast<int>(s.train.size()) <= context + 1) throw ConfigError(dir + "/train.txt is shorter than one window");
  log << "corpus: " << s.train.size() << " train, " << s.valid.size() << " valid, " << s.test.size()
      << " test tokens\n";
  return s;
}

nlohmann::json constant_guess(const Model& model, const TokenSplits& splits, int n_regular) {
  const Tokenizer& tok = model.tokenizer();
  const int V = tok.vocab_size();
  std::vector<double> count(static_cast<size_t>(V), 0.0);
  for (int id : splits.train) ++count[static_cast<size_t>(id)];
  const int top = static_cast<int>(std::max_element(count.begin(), count.begin() + n_regular) - count.begin());
  // Add-one smoothing over the tokens a text can hold, so a token unseen in training costs a finite loss.
  const double total = static_cast<double>(splits.train.size()) + n_regular;
  double nll = 0;
  int64_t hits = 0;
  for (int id : splits.test) {
    nll -= pmath::log((count[static_cast<size_t>(id)] + (id < n_regular ? 1.0 : 0.0)) / total);
    hits += id == top;
  }
  const double n = static_cast<double>(std::max<size_t>(1, splits.test.size()));
  return {{"what", "the training split's token frequencies (add-one), the same for every position"},
          {"most_frequent", tok.token_text(top)},
          {"test_tokens", splits.test.size()},
          {"accuracy", static_cast<double>(hits) / n},
          {"loss", nll / n},
          {"perplexity", pmath::exp(nll / n)}};
}

bool bpe_extends(const nlohmann::json& grown, const nlohmann::json& base) {
  if (grown.value("kind", "") != "bpe" || base.value("kind", "") != "bpe") return false;
  const nlohmann::json& gm = grown.at("merges");
  const nlohmann::json& bm = base.at("merges");
  if (!gm.is_array() || !bm.is_array() || gm.size() < bm.size()) return false;
  for (size_t k = 0; k < bm.size(); ++k)
    if (gm[k] != bm[k]) return false;
  return grown.value("special", nlohmann::json::array()) == base.value("special", nlohmann::json::array());
}

void grow_vocabulary(std::vector<TensorData>& tensors, const nlohmann::json& base, const nlohmann::json& grown,
                     const std::function<Shape(const std::string&)>& shape_of) {
  if (!bpe_extends(grown, base)) throw std::invalid_argument("the new tokenizer does not extend the old one");
  const BpeTokenizer old_tok = BpeTokenizer::from_json(base), new_tok = BpeTokenizer::from_json(grown);
  const int64_t old_v = old_tok.vocab_size(), new_v = new_tok.vocab_size();
  const int old_regular = 256 + old_tok.n_merges(), new_regular = 256 + new_tok.n_merges();
  for (TensorData& t : tensors) {
    const Shape want = shape_of(t.name);
    if (want == t.shape) continue;
    Shape rest_old(t.shape.begin() + (t.shape.empty() ? 0 : 1), t.shape.end());
    Shape rest_new(want.begin() + (want.empty() ? 0 : 1), want.end());
    if (t.shape.empty() || want.empty() || t.shape[0] != old_v || want[0] != new_v || rest_old != rest_new)
      throw std::invalid_argument("tensor \"" + t.name + "\" does not fit the grown vocabulary");
    int64_t width = 1;
    for (int64_t d : rest_old) width *= d;
    std::vector<float> rows(static_cast<size_t>(new_v * width));
    const auto row = [&](int64_t id) { return rows.begin() + id * width; };
    for (int id = 0; id < old_regular; ++id) std::copy_n(t.values.begin() + id * width, width, row(id));
    for (int id = old_regular; id < new_regular; ++id) {
      const auto [a, b] = new_tok.merge(id - 256);
      for (int64_t i = 0; i < width; ++i) row(id)[i] = 0.5f * (row(a)[i] + row(b)[i]);
    }
    for (int64_t k = 0; k < old_v - old_regular; ++k)
      std::copy_n(t.values.begin() + (old_regular + k) * width, width, row(new_regular + k));
    t.values = std::move(rows);
    t.shape = want;
  }
}

}  // namespace attnlab
