#include "text/tokenizer.h"

#include <stdexcept>

#include "text/bpe.h"
#include "text/word_tokenizer.h"

namespace attnlab {

namespace {

class BpeTextTokenizer : public Tokenizer {
 public:
  explicit BpeTextTokenizer(BpeTokenizer bpe) : bpe_(std::move(bpe)) {}
  Tokenized encode(const std::string& text) const override {
    const BpeEncoding enc = bpe_.encode_words(text);
    Tokenized t;
    t.ids = enc.ids;
    t.word_of = enc.word_of;
    t.words = enc.words;
    t.unknown.assign(enc.ids.size(), false);  // byte-level: nothing is unknown
    for (int id : enc.ids) t.tokens.push_back(bpe_.display_text(id));
    return t;
  }
  int vocab_size() const override { return bpe_.vocab_size(); }
  std::string token_text(int id) const override { return bpe_.display_text(id); }

 private:
  BpeTokenizer bpe_;
};

}  // namespace

std::unique_ptr<Tokenizer> make_tokenizer(const nlohmann::json& config, int vocab_size) {
  const std::string kind = config.value("kind", "hash_words");
  if (kind == "bpe") {
    auto tok = std::make_unique<BpeTextTokenizer>(BpeTokenizer::from_json(config));
    if (tok->vocab_size() != vocab_size)
      throw std::invalid_argument("the BPE tokenizer has " + std::to_string(tok->vocab_size()) +
                                  " tokens but vocab_size is " + std::to_string(vocab_size));
    return tok;
  }
  return std::make_unique<WordTokenizer>(config, vocab_size);
}

}  // namespace attnlab
