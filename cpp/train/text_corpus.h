// What the text tasks ("lm" and "mlm") share: a tokenizer trained on the corpus with the task's
// special tokens (byte-level BPE, or one token per character with "task.tokenizer": "chars"), the
// three splits tokenized by the model's tokenizer, and the best constant guess.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "io/safetensors.h"
#include "models/model.h"

namespace attnlab {

// The model config with "vocab_size" and a "tokenizer" filled in when absent (trained on
// DIR/train.txt, DIR = task.corpus, with task.vocab_size and the given special tokens, which take
// the last ids): BPE, or the most frequent characters when task.tokenizer is "chars". Throws ConfigError.
// With task.extend_tokenizer_of = FOLDER, the BPE is FOLDER/config.json's, extended on
// DIR/train.txt to task.vocab_size (BpeTokenizer::extend; its special tokens must be these).
nlohmann::json bpe_model_config(const nlohmann::json& model_config, const nlohmann::json& task,
                                const std::vector<std::string>& specials);

// Whether tokenizer config `grown` extends `base` (both {"kind": "bpe", ...}): base's merges
// first, in order, then more; the same special tokens.
bool bpe_extends(const nlohmann::json& grown, const nlohmann::json& base);

// A model's weights for the vocabulary `grown` (which extends `base`, see bpe_extends), from its
// weights for `base`: every tensor whose first dimension is base's vocabulary size and the model's
// new one (the embedding table, an output layer's weight and bias) gets a row per token of grown:
// a token base had keeps its row (a special token moves to its new id), a token a new merge (a, b)
// makes starts as the mean of the rows of a and b (its two pieces; close to Gee et al. 2022's
// "fast vocabulary transfer", which averages all of a new token's old pieces), and training goes
// on from there. `shape_of` gives each
// tensor's shape in the grown model; a tensor whose shape differs any other way is refused.
// Throws std::invalid_argument.
void grow_vocabulary(std::vector<TensorData>& tensors, const nlohmann::json& base, const nlohmann::json& grown,
                     const std::function<Shape(const std::string&)>& shape_of);

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
