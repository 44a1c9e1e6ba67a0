#include "text/tokenizer.h"

#include <stdexcept>

#include "text/bpe.h"
#include "text/char_tokenizer.h"
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
  // A field the tokenizer would not read is refused by name, as in a model config.
  const auto refuse_unknown = [&](std::initializer_list<const char*> known) {
    for (auto it = config.begin(); it != config.end(); ++it) {
      bool ok = false;
      for (const char* k : known) ok = ok || it.key() == k;
      if (!ok) {
        std::string names;
        for (const char* k : known) names += (names.empty() ? "" : ", ") + std::string(k);
        throw std::invalid_argument("field \"" + it.key() + "\" is not known to a tokenizer of kind \"" + kind +
                                    "\" (known: " + names + ")");
      }
    }
  };
  if (config.is_object()) {
    if (kind == "bpe") refuse_unknown({"kind", "merges", "special"});
    if (kind == "words") refuse_unknown({"kind", "vocab", "unk", "lowercase"});
    if (kind == "hash_words") refuse_unknown({"kind", "lowercase"});
    if (kind == "chars") refuse_unknown({"kind", "vocab", "unk", "special"});
  }
  if (kind == "chars") return std::make_unique<CharTokenizer>(config, vocab_size);
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
