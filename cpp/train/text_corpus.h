// What the text tasks ("lm" and "mlm") share: a byte-level BPE trained on the corpus with the
// task's special tokens, and the three splits tokenized by the model's tokenizer.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "models/model.h"

namespace attnlab {

// The model config with "vocab_size" and a BPE "tokenizer" filled in when absent (trained on
// DIR/train.txt, DIR = task.corpus, with task.vocab_size and the given special tokens, which take
// the last ids). Throws ConfigError.
nlohmann::json bpe_model_config(const nlohmann::json& model_config, const nlohmann::json& task,
                                const std::vector<std::string>& specials);

struct TokenSplits {
  std::vector<int> train, valid, test;
};

// Reads task.corpus (DIR/train.txt, valid.txt, test.txt, one paragraph per line) and tokenizes
// each split; requires train to hold more than one window of `context` tokens. Logs the sizes.
// Throws ConfigError.
TokenSplits read_token_splits(const Model& model, const nlohmann::json& task, int context, std::ostream& log);

}  // namespace attnlab
