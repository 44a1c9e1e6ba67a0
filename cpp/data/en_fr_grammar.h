// A toy English -> French parallel corpus made by a small grammar, with the gold word alignment of
// every pair, for the Seq2Seq-with-attention lesson (issue 3).
//
// The grammar is built to contain what makes attention worth looking at:
//   - adjectives after the noun:          the red car            -> la voiture rouge
//   - stacked modifiers in mirror order:  the european economic area -> la zone économique européenne
//   - a few adjectives that stay before:  the small red car      -> la petite voiture rouge
//   - gender and number agreement:        le / la / les, un / une / des, ce / cette / ces, adjectives
//   - negation, one word to two:          does not see           -> ne voit pas
//   - contractions, two words to one:     near the dog           -> près du chien
//   - elision:                            the plane              -> l' avion
//   - long sentences (3 to 40 tokens) by coordination, relative clauses and prepositional phrases.
// Everything is lowercase; punctuation marks are tokens of their own; tokens are separated by one
// space, and "l'" / "n'" / "d'" are tokens of their own on the French side.
//
// Generation is deterministic for a seed (core/rng.h draws the same numbers on every platform).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace attnlab {

struct SentencePair {
  std::vector<std::string> en, fr;
  std::vector<std::pair<int, int>> alignment;  // (english index, french index), sorted; may be many-to-many
};

struct Corpus {
  std::vector<SentencePair> train, valid, test;
};

struct CorpusOptions {
  uint64_t seed = 1;
  int n_train = 20000, n_valid = 1000, n_test = 1000;
  int max_len = 40;  // English tokens, punctuation included; longer draws are discarded
};

// A noun phrase described by English words, for building specific examples (tests, the lesson's
// default sentences). det: "the", "a", "this", "these", "two", "three", "every" or "" (bare plural).
// adjectives in English order, e.g. {"european", "economic"}; noun in the singular English form.
struct NounPhraseSpec {
  std::string det = "the";
  std::vector<std::string> adjectives;
  std::string noun;
  bool plural = false;
};

class EnFrGrammar {
 public:
  EnFrGrammar();

  // One random sentence pair (3 to roughly 60 English tokens before CorpusOptions::max_len applies).
  SentencePair sample(uint64_t seed) const;

  // Specific examples. Throw std::invalid_argument on a word the lexicon does not have.
  SentencePair noun_phrase(const NounPhraseSpec& np) const;
  // subject verb [object] ".", e.g. ({"the", {}, "dog"}, "see", true, &car) ->
  // "the dog does not see the red car ." / "le chien ne voit pas la voiture rouge ."
  // verb is the English base form; object null for an intransitive verb.
  SentencePair sentence(const NounPhraseSpec& subject, const std::string& verb, bool negated,
                        const NounPhraseSpec* object) const;

  // Every English and French word the grammar can produce (punctuation included), sorted.
  std::vector<std::string> english_words() const;
  std::vector<std::string> french_words() const;

  struct Lexicon;  // defined in the .cpp

 private:
  const Lexicon* lex_;
};

// Draws sentences until n_train + n_valid + n_test distinct English sides are found (the first
// occurrence of an English sentence wins), then splits them in order of appearance.
// Throws std::runtime_error if the grammar cannot supply that many distinct sentences.
Corpus generate_corpus(const CorpusOptions& options);
// The same from another grammar: sample(seed) gives one sentence pair (data/en_zh_grammar.h).
Corpus generate_corpus(const CorpusOptions& options, const std::function<SentencePair(uint64_t)>& sample);

// "0-0 1-2 2-1"
std::string alignment_to_string(const std::vector<std::pair<int, int>>& alignment);
// The inverse; throws std::invalid_argument on a malformed pair.
std::vector<std::pair<int, int>> parse_alignment(const std::string& text);

// One pair per line: english TAB french TAB alignment.
std::string pairs_to_tsv(const std::vector<SentencePair>& pairs);
// Throws std::runtime_error naming the line on a malformed one.
std::vector<SentencePair> read_tsv(const std::string& path);

// {"source": ["<unk>", words of the training split...], "target": ["<bos>", "<eos>", "<unk>", ...]},
// words sorted, from the training split only.
std::string vocab_json(const Corpus& corpus);

// Writes train.tsv, valid.tsv, test.tsv and vocab.json into dir (created if missing).
void write_corpus(const std::string& dir, const Corpus& corpus);

}  // namespace attnlab
