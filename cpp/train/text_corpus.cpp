#include "train/text_corpus.h"

#include <algorithm>

#include "core/pmath.h"
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

}  // namespace attnlab
