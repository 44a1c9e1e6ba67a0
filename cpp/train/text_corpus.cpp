#include "train/text_corpus.h"

#include "text/bpe.h"
#include "train/language_model.h"

namespace attnlab {

nlohmann::json bpe_model_config(const nlohmann::json& model_config, const nlohmann::json& task,
                                const std::vector<std::string>& specials) {
  nlohmann::json cfg = model_config;
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

}  // namespace attnlab
