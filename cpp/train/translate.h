// The "translate" training task: a seq2seq model on the English -> French toy corpus
// (data/en_fr_grammar.h), trained by teacher forcing with Adam, and scored the way the lesson's
// model cards report it.
//
// Train config:
//   {"model": {"architecture": "seq2seq", "embed_dim": 64, "hidden_size": 128, "attention": "additive"},
//    "task": {"kind": "translate", "corpus": "DIR",       DIR holds train.tsv, valid.tsv, test.tsv, vocab.json
//             "n_eval": 300, "n_test": 0},              validation sample per evaluation; test pairs (0 = all)
//    "steps": 20000, "batch_size": 16, "lr": 0.002, "clip_norm": 1, "seed": 1,
//    "log_every": 100, "eval_every": 2000, "max_seconds": 0}   stop early after max_seconds (0 = never)
// The model's vocabularies ("vocab_size", "tokenizer", "target_vocab") are filled in from
// vocab.json when the model config leaves them out.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "data/en_fr_grammar.h"
#include "models/seq2seq.h"
#include "train/trainer.h"

namespace attnlab {

struct TranslationMetrics {
  int n = 0;                  // sentence pairs scored
  double exact_match = 0;     // greedy translation == reference, whole sentence
  double token_accuracy = 0;  // teacher-forced argmax == reference word (<eos> included)
  double loss = 0;            // teacher-forced cross-entropy per target word
  double bleu = 0;            // corpus BLEU-4 of the greedy translations (Papineni et al. 2002), 0..1
  // Argmax attention of every reference word (teacher forcing) as one link (source, target),
  // against the gold links G: AER = 1 - 2 |A & G| / (|A| + |G|) (all gold links sure), and the
  // fraction of argmax links that are gold. NaN without attention.
  double aer = 0, attention_precision = 0;
  // Of the target words that have a gold link, the fraction whose argmax attention is on none of
  // their gold source words (the training lab's "alignment error"; words with no gold link, such as
  // the "-" of a date, are left out). NaN without attention.
  double alignment_error = 0;
  // Exact match by English length (tokens, punctuation included) in buckets of 5: "3-7", "8-12", ...
  nlohmann::json by_length = nlohmann::json::object();

  nlohmann::json to_json() const;
};

// Corpus BLEU-4: clipped n-gram precisions (n = 1..4) summed over the corpus, geometric mean,
// brevity penalty exp(1 - r/c) when the candidates are shorter than the references.
double corpus_bleu(const std::vector<std::vector<int>>& candidates, const std::vector<std::vector<int>>& references);

// Source ids from the model's tokenizer, target ids with <eos> appended (unknown words -> <unk>).
Example translation_example(const Seq2Seq& model, const SentencePair& pair);

// Scores the first `limit` pairs (0 = all).
TranslationMetrics evaluate_translation(const Seq2Seq& model, const std::vector<SentencePair>& pairs, int limit = 0);

// The model config with "vocab_size", "tokenizer" and "target_vocab" taken from DIR/vocab.json
// where absent. Throws ConfigError.
nlohmann::json translation_model_config(const nlohmann::json& model_config, const std::string& corpus_dir);

// Initializes the model from the seed, trains, evaluates on the test split.
TrainReport train_translation(Seq2Seq& model, const nlohmann::json& config, std::ostream& log);

}  // namespace attnlab
