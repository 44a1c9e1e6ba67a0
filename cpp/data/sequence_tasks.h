// Toy tasks read by one model over one sequence (no decoder): every position may be asked for an
// output, and the correct alignment says which earlier or later position it should read. The
// training lab trains lesson 2's SimpleRNN + self-attention on "recall" and a small Transformer
// encoder on "mirror"; `attnlab train` trains the same examples from the same seeds.
//   recall  a c b d  -> the last position outputs a      the last position reads position 0
//   mirror  a c b d  -> d b c a  (position i outputs     position i reads position n-1-i
//                      the symbol at n-1-i)
// Symbols are ids 1..symbols (id 0 is the tokenizer's "<unk>"); with a task's own vocabulary they
// are the letters a, b, c, ... in that order.
//
// Task config: {"kind": "recall" | "mirror", "min_len": 8, "max_len": 8, "symbols": 9}
//   recall also takes "length" (min_len = max_len = length), its original form. A length is drawn
//   only when min_len < max_len, so a fixed-length recall run draws exactly the examples it always
//   drew. "symbols" defaults to the model's vocabulary size - 1.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"

namespace attnlab {

struct SequenceTask {
  std::string kind = "recall";  // recall | mirror
  int min_len = 8, max_len = 8;
  int symbols = 9;  // ids 1..symbols
};

// One example: the ids read, the id each position must output (-1: not asked), and the gold links
// (key, query): query position `query` should read key position `key`.
struct SequenceExample {
  std::vector<int> ids;
  std::vector<int> outputs;
  std::vector<std::pair<int, int>> gold;
};

bool is_sequence_task(const std::string& kind);

// Reads kind, length / min_len / max_len and symbols; `vocab_size` is the model's (0 when not
// known yet: "symbols" must then be given or it keeps its default). Throws ConfigError naming the
// bad key.
SequenceTask read_sequence_task(const nlohmann::json& task, int vocab_size);

// One example drawn with rng.
SequenceExample sequence_example(const SequenceTask& task, Rng& rng);

// The words of the task's own vocabulary: "<unk>" then one letter per symbol (at most 26).
std::vector<std::string> sequence_vocab(const SequenceTask& task);

}  // namespace attnlab
