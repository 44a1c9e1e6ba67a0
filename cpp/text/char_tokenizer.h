// Character-level tokenization for Chinese text ({"kind": "chars"}): every CJK character, CJK or
// full-width punctuation mark, emoji or other non-Latin character is a token of its own; a run of
// Latin letters and digits ("GPT4", "café") is one word; each ASCII punctuation mark is a token;
// white space separates. Bytes that are not valid UTF-8 become U+FFFD (unknown), so any input
// tokenizes without error. A character missing from the vocabulary maps to the unknown id and
// keeps its own text as its label. Special tokens ("<mask>", "<eos>") typed in the text are matched
// whole. Each token is its own word, so a lesson reads one character at a time.
//
// config: {"kind": "chars", "vocab": ["<unk>", "的", ...], "unk": "<unk>", "special": ["<eos>", "<mask>"]}
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "text/tokenizer.h"

namespace attnlab {

// The pieces of `text` as the "chars" tokenizer cuts them (no special tokens, no vocabulary).
std::vector<std::string> split_chars(const std::string& text);

class CharTokenizer : public Tokenizer {
 public:
  CharTokenizer(const nlohmann::json& config, int vocab_size);
  Tokenized encode(const std::string& text) const override;
  int vocab_size() const override { return static_cast<int>(vocab_.size()); }
  std::string token_text(int id) const override { return vocab_.at(static_cast<size_t>(id)); }

  // A vocabulary for `text`: "<unk>" first, then the most frequent pieces (ties by text, so the
  // result is deterministic), then `specials`, vocab_size entries in all (fewer when the text has
  // fewer distinct pieces). Returns the tokenizer config.
  static nlohmann::json train(const std::string& text, int vocab_size, const std::vector<std::string>& specials);

 private:
  std::vector<std::string> vocab_;
  std::unordered_map<std::string, int> ids_;
  std::vector<std::string> specials_;
  int unk_id_ = 0;
};

}  // namespace attnlab
