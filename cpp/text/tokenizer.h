// What a model needs from a tokenizer, whichever kind the config names:
//   {"kind": "hash_words"}                       untrained demo: a word's id is a hash of it
//   {"kind": "words", "vocab": [...], "unk": ...} a word list (the toy translation corpus)
//   {"kind": "bpe", "merges": [...], "special": [...]}  byte-level BPE (real English text)
//   {"kind": "chars", "vocab": [...], "unk": ..., "special": [...]}  one token per Chinese character
//                                                                     (text/char_tokenizer.h)
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attnlab {

struct Tokenized {
  std::vector<std::string> tokens;  // what the student sees, one per id (readable UTF-8)
  std::vector<int> ids;
  std::vector<bool> unknown;       // true where the word is not in the vocabulary (mapped to <unk>)
  std::vector<int> word_of;        // for each token, the index of the word it is a piece of
  std::vector<std::string> words;  // the words (one token each for word-level tokenizers)
};

class Tokenizer {
 public:
  virtual ~Tokenizer() = default;
  virtual Tokenized encode(const std::string& text) const = 0;
  virtual int vocab_size() const = 0;
  // Readable text of one id (for predictions such as "top-5 next tokens").
  virtual std::string token_text(int id) const = 0;
};

// Throws std::invalid_argument naming what is wrong with the tokenizer config.
std::unique_ptr<Tokenizer> make_tokenizer(const nlohmann::json& config, int vocab_size);

}  // namespace attnlab
