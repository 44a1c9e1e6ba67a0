// Word-level tokenization for the small models: text -> words -> ids.
//
// Splitting is UTF-8 aware: a word is a run of letters, digits, apostrophes and any non-ASCII
// character (so "café", "naïve" and "注意力" stay whole), each ASCII punctuation mark is a token of
// its own, and white space separates. Bytes that are not valid UTF-8 become U+FFFD, so any input
// tokenizes without error. A "words" vocabulary's special tokens, the entries this splitting would
// cut ("<mask>", "[MASK]", "<eos>"), are read whole where the text holds them exactly (leftmost,
// then longest), before the rest is split: "the <mask> sat" is the, <mask>, sat (issue 52 C3: a
// masked LM with a word vocabulary could not be masked).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "text/tokenizer.h"

namespace attnlab {

// Replaces every invalid UTF-8 sequence by U+FFFD.
std::string sanitize_utf8(const std::string& text);
std::vector<std::string> split_words(const std::string& text);

class WordTokenizer : public Tokenizer {
 public:
  // config: {"kind": "hash_words", "vocab_size": V} (untrained demo: a word's id is a hash of it)
  //      or {"kind": "words", "vocab": [...], "unk": "<unk>", "lowercase": true}
  WordTokenizer(const nlohmann::json& config, int vocab_size);
  Tokenized encode(const std::string& text) const override;
  int vocab_size() const override { return vocab_size_; }
  std::string token_text(int id) const override;

 private:
  bool hashed_ = true;
  bool lowercase_ = true;
  int vocab_size_ = 0;
  int unk_id_ = -1;
  std::unordered_map<std::string, int> ids_;
  std::vector<std::string> vocab_;     // id -> word ("words" kind only)
  std::vector<std::string> specials_;  // entries split_words would cut, longest first

  void encode_words(const std::string& text, Tokenized& out) const;
};

}  // namespace attnlab
