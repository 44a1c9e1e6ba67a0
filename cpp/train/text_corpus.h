// What the text tasks ("lm" and "mlm") share: a tokenizer trained on the corpus with the task's
// special tokens (byte-level BPE, or one token per character with "task.tokenizer": "chars"), the
// three splits tokenized by the model's tokenizer, and the best constant guess.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "models/model.h"

namespace attnlab {

// The model config with "vocab_size" and a "tokenizer" filled in when absent (trained on
// DIR/train.txt, DIR = task.corpus, with task.vocab_size and the given special tokens, which take
// the last ids): BPE, or the most frequent characters when task.tokenizer is "chars". Throws ConfigError.
nlohmann::json bpe_model_config(const nlohmann::json& model_config, const nlohmann::json& task,
                                const std::vector<std::string>& specials);

struct TokenSplits {
  std::vector<int> train, valid, test;
};

// Reads task.corpus (DIR/train.txt, valid.txt, test.txt, one paragraph per line) and tokenizes
// each split; requires train to hold more than one window of `context` tokens. Logs the sizes.
// Throws ConfigError.
TokenSplits read_token_splits(const Model& model, const nlohmann::json& task, int context, std::ostream& log);

// The best constant guess, to set a held-out score against: the unigram distribution of the
// training split (add-one over the first n_regular ids, the ones text can hold) scored on the test
// split (loss, perplexity), and the share of test tokens that are the most frequent training token
// (the accuracy of always guessing it). Written to a card as metrics.constant_guess.
nlohmann::json constant_guess(const Model& model, const TokenSplits& splits, int n_regular);

}  // namespace attnlab
