// Byte-level BPE (as in GPT-2): text is UTF-8 bytes, the base vocabulary is the 256 byte values,
// and training learns merges of adjacent symbols, most frequent pair first. Any byte string
// tokenizes (names never seen, emoji, CJK, even invalid UTF-8) and decodes back exactly: there is
// no unknown token.
//
// Before merging, text is cut into chunks that merges never cross: a word with its leading space
// (" criminal"), a run of digits, a run of punctuation, or a run of white space. A chunk is what
// the views call a word; its tokens are the word's pieces.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attnlab {

// The chunks of a text, in order; concatenated they give the text back byte for byte.
std::vector<std::string> bpe_chunks(const std::string& text);

struct BpeEncoding {
  std::vector<int> ids;
  std::vector<int> word_of;        // for each token, the index of its chunk ("word")
  std::vector<std::string> words;  // the chunks, as readable UTF-8 (see display_text)
};

class BpeTokenizer {
 public:
  BpeTokenizer();  // bytes only, no merges
  // Learns merges from text until the vocabulary (256 bytes + merges + specials) has vocab_size
  // entries, or no pair occurs at least min_count times. Deterministic: ties go to the pair with
  // the smallest (left id, right id).
  static BpeTokenizer train(const std::string& text, int vocab_size, const std::vector<std::string>& specials = {},
                            int64_t min_count = 2);
  // Goes on learning from where base stopped: base's merges first, unchanged and in their order
  // (so every id below 256 + base.n_merges() keeps its bytes), then new merges learned on text
  // already cut by base's, until the vocabulary has vocab_size entries; base's special tokens
  // follow the new merges. A model trained with base grows into it (lessons 2 and 3's English,
  // issue 53: the tokenizer learned on Austen, extended on Austen with the Brown Corpus and
  // WordNet's examples). Throws std::invalid_argument when vocab_size is below base's.
  static BpeTokenizer extend(const BpeTokenizer& base, const std::string& text, int vocab_size, int64_t min_count = 2);
  // {"kind": "bpe", "merges": [[a, b], ...], "special": ["<eos>", ...]}; throws std::invalid_argument.
  static BpeTokenizer from_json(const nlohmann::json& j);
  nlohmann::json to_json() const;

  // A special token's name typed in the text ("<mask>") encodes to that token, taking one space
  // before it along (so decode drops that space); all other text is byte-level BPE.
  std::vector<int> encode(const std::string& text) const;
  BpeEncoding encode_words(const std::string& text) const;
  // Exact inverse of encode for any text without special names; special tokens decode to their names.
  std::string decode(const std::vector<int>& ids) const;

  int vocab_size() const { return static_cast<int>(token_bytes_.size()); }
  int n_merges() const { return static_cast<int>(merges_.size()); }
  const std::pair<int, int>& merge(int k) const { return merges_.at(static_cast<size_t>(k)); }
  const std::vector<std::string>& specials() const { return specials_; }
  int special_id(const std::string& name) const;  // -1 when absent
  const std::string& token_bytes(int id) const { return token_bytes_.at(id); }
  // A token's bytes as readable UTF-8: bytes that are not part of a valid UTF-8 sequence (a piece
  // of a split character) are shown as <E6>.
  std::string display_text(int id) const;

 private:
  void add_merge(int a, int b);
  // Learns merges on text (cut by this tokenizer's merges so far) until there are target_merges.
  void learn_merges(const std::string& text, int target_merges, int64_t min_count);
  void encode_chunk(const std::string& chunk, std::vector<int>& out) const;

  std::vector<std::pair<int, int>> merges_;       // in learned order; merge k makes id 256 + k
  std::unordered_map<uint64_t, int> merge_rank_;  // (a, b) -> k
  std::vector<std::string> token_bytes_;          // id -> bytes (specials: their names)
  std::vector<std::string> specials_;
};

// Bytes as readable UTF-8, invalid bytes as <XX>.
std::string display_bytes(const std::string& bytes);

}  // namespace attnlab
