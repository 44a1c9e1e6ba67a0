// The "mlm" training task: masked-language modelling (BERT's objective, Devlin et al. 2019) on the
// same plain-text corpus and byte-level BPE as the "lm" task, with the special tokens <eos> and
// <mask>. In each window of `context` tokens, round(mask_rate * context) positions (at least one)
// are selected; the loss is cross-entropy on those positions only (kIgnoreIndex elsewhere).
// Training inputs follow the 80/10/10 rule: a selected token becomes <mask> with probability 0.8,
// a random regular token with 0.1, and stays itself with 0.1. Evaluation replaces every selected
// token by <mask> (what the page does when a word is masked), with a fixed masking seed, so the
// held-out numbers are deterministic.
//
// Train config:
//   {"model": {"architecture": "transformer", "objective": "mlm", ...},
//    "task": {"kind": "mlm", "corpus": "DIR", "vocab_size": 2048, "context": 64,
//             "mask_rate": 0.15, "mask_seed": 12345, "eval_tokens": 20000},
//    "steps": ..., "batch_size": ..., "lr": ..., "seed": ...}
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "core/rng.h"
#include "models/model.h"
#include "train/trainer.h"

namespace attnlab {

struct MlmMetrics {
  int64_t masked = 0;     // masked positions scored
  double loss = 0;        // mean cross-entropy over them (nats)
  double perplexity = 0;  // exp(loss)
  double accuracy = 0;    // top-1: argmax of the logits == the hidden token
  nlohmann::json to_json() const;
};

// bpe_model_config with the special tokens <eos> and <mask>.
nlohmann::json mlm_model_config(const nlohmann::json& model_config, const nlohmann::json& task);

// The ids of the model's <mask> token and the first special token (tokens below it are regular).
// Throws ConfigError when the tokenizer has no <mask>.
struct MaskTokens {
  int mask = -1;
  int n_regular = 0;
};
MaskTokens mask_tokens(const Model& model);

// One masked window: targets hold the original token at the selected positions, kIgnoreIndex
// elsewhere. With train = true the inputs follow 80/10/10, otherwise every selected one is <mask>.
Example mask_window(const std::vector<int>& window, const MaskTokens& tokens, double rate, bool train, Rng& rng);

// Masked-token loss and accuracy over consecutive windows of `context` tokens of the first
// max_tokens tokens (0 = all), masked with Rng(mask_seed).
MlmMetrics evaluate_mlm(const Model& model, const std::vector<int>& tokens, int context, int64_t max_tokens,
                        double rate, uint64_t mask_seed);

TrainReport train_masked_lm(Model& model, const nlohmann::json& config, std::ostream& log);

}  // namespace attnlab
