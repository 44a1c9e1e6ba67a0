// Toy sequence tasks whose correct alignment is known, for the training lab: each draw is a
// source/target pair of symbol strings with its gold links (source index, target index), in the
// same SentencePair the translation task uses, so the same trainer and the same alignment error
// (AER) score them.
//   reverse  a b c d      -> d c b a              target j reads source n-1-j
//   shift    a b c d      -> c d a b  (shift 2)   target j reads source (j+s) mod n
//   sort     c a d a      -> a a c d              target j reads any source copy of its symbol
//   date     23 November 2026 -> 2 0 2 6 - 1 1 - 2 3   digits read their digits, the month
//            November 23 2026 -> (the same)            number its name; "-" reads nothing
// Source and target symbols are one token each: the lowercase letters a..z (the first `symbols` of
// them) for reverse, shift and sort; digits, month names and "-" for dates.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/rng.h"
#include "data/en_fr_grammar.h"

namespace attnlab {

struct ToyTask {
  std::string kind = "reverse";   // reverse | shift | sort | date
  int min_len = 5, max_len = 12;  // source symbols (not used by date)
  int symbols = 10;               // alphabet size, 2..26 (not used by date)
  int shift = 2;                  // for "shift"
};

// Reads task.kind, min_len, max_len, symbols, shift. Throws ConfigError naming the bad key.
ToyTask read_toy_task(const nlohmann::json& task);
bool is_toy_task(const std::string& kind);

// One example drawn with rng; the links are sorted by (source, target).
SentencePair toy_pair(const ToyTask& task, Rng& rng);

// The words the model reads and writes: source (first "<unk>") and target (first "<bos>",
// "<eos>", "<unk>"), as vocab.json of a translation corpus has them.
std::vector<std::string> toy_source_vocab(const ToyTask& task);
std::vector<std::string> toy_target_vocab(const ToyTask& task);

}  // namespace attnlab
