// The "lm" training task: next-token prediction on a plain-text corpus (one paragraph per line),
// tokenized by byte-level BPE, scored by held-out perplexity.
//
// Train config:
//   {"model": {"architecture": "rnn_self_attention" | "rnn_lm", "embed_dim": 64, "hidden_size": 128, ...},
//    "task": {"kind": "lm", "corpus": "DIR",     DIR holds train.txt, valid.txt, test.txt (scripts/extract-austen)
//             "vocab_size": 4096,               BPE vocabulary, trained on train.txt when the model has no tokenizer
//             "context": 64,                    tokens per training window
//             "eval_tokens": 20000},            held-out tokens scored per evaluation (0 = all)
//    "steps": 5000, "batch_size": 8, "lr": 0.002, "clip_norm": 1, "seed": 1,
//    "log_every": 100, "eval_every": 1000, "max_seconds": 0}
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "models/model.h"
#include "train/trainer.h"

namespace attnlab {

struct LmMetrics {
  int64_t tokens = 0;     // predictions scored
  double loss = 0;        // mean cross-entropy (nats per token)
  double perplexity = 0;  // exp(loss)
  nlohmann::json to_json() const;
};

// Reads DIR/NAME (one paragraph per line) as one text, paragraphs separated by "\n".
std::string read_corpus_text(const std::string& dir, const std::string& name);

// The model config with "vocab_size" and a BPE "tokenizer" filled in when absent (trained on
// DIR/train.txt with the task's vocab_size and the special token <eos>). Throws ConfigError.
nlohmann::json lm_model_config(const nlohmann::json& model_config, const nlohmann::json& task);

// Perplexity over consecutive windows of `context` tokens (each window predicts its tokens 2..T
// from what precedes them within the window), over the first max_tokens tokens (0 = all).
LmMetrics evaluate_lm(const Model& model, const std::vector<int>& tokens, int context, int64_t max_tokens);

// Cards also report the perplexity of the first kTestHeadTokens tokens of the test split, which a
// test re-evaluates from tests/fixtures/austen-test-head.txt (the split's first characters).
constexpr int64_t kTestHeadTokens = 4096;

TrainReport train_language_model(Model& model, const nlohmann::json& config, std::ostream& log);

}  // namespace attnlab
