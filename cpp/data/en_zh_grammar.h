// A toy English <-> Chinese parallel corpus made by a small grammar, with the gold word alignment
// of every pair, for lesson 1 in Chinese (issue 19). It is built like the English-French grammar
// (data/en_fr_grammar.h) and writes the same files; what it holds is what makes attention between
// English and Chinese worth seeing:
//   - relative clauses move before the noun with 的:  the book that i read yesterday -> 我 昨天 读 的 书
//     (who / that -> 的; a numeral and its measure word stay in front: 一 个 卖 鱼 的 男人)
//   - time and place come before the verb:           i eat rice at home at noon -> 我 中午 在 家 吃 饭
//   - measure words:                                 a book -> 一 本 书, three cats -> 三 只 猫
//     A measure word has no English word of its own; it is aligned to the numeral or demonstrative
//     it comes with (a -> 一 and 本, three -> 三 and 只, this -> 这 and 本), so every Chinese word of a
//     noun phrase has a gold link.
//   - no articles, no inflection: "the" has no Chinese word (one to zero); the verb's tense and
//     person go into one Chinese word ("does not" -> 不, "did not" -> 没, "in the morning" -> 早上:
//     many to one) or into 了 (ate -> 吃 了: one to many).
//   - 把: a past, affirmative clause whose verb takes 把 and whose object is definite puts the object
//     before the verb (i sold the car -> 我 把 车 卖 了, i put the book on the table -> 我 把 书 放 在
//     桌子 上). 把 has no English word: it is the one Chinese word left without a link.
//   - negation: 不 (present, future, adjectives), 没 (past).
// The choice between the constructions depends on the English only, so English -> Chinese is a
// function; each Chinese word stands for one English word or phrase and the word order tells the
// rest (他 before the verb is "he", after it "him"), so Chinese -> English is one too: the 22,000
// pairs of seed 1 have 22,000 different Chinese sides.
//
// Everything English is lowercase; the Chinese side is segmented into words separated by single
// spaces, punctuation marks are tokens ("。", "，"). A SentencePair holds English in `en` and Chinese
// in `fr` (the struct's second side; transposed() swaps them for Chinese -> English).
// Generation is deterministic for a seed (core/rng.h draws the same numbers on every platform).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "data/en_fr_grammar.h"

namespace attnlab {

struct EnZhClause;

// A noun phrase in English words. det: "the", "a", "two" .. "five", "this", "that", "these",
// "those", "every", "some", "many", a possessive ("my", "his", ...) or "" (a pronoun or a mass noun).
// noun: a noun in the singular ("book"), a mass noun ("rice") or a pronoun ("i", "him").
struct EnZhNoun {
  std::string det = "the";
  std::vector<std::string> adjectives;
  std::string noun;
  bool plural = false;
  // A relative clause about this noun: its subject (who / that sells fish) or its object (that i
  // read yesterday) is left empty and stands for this noun.
  std::shared_ptr<EnZhClause> relative;
};

// One clause in English words. Leave verb empty and set adjective for "the cat is happy".
struct EnZhClause {
  std::shared_ptr<EnZhNoun> subject;  // null in a relative clause about its subject
  std::string verb;                   // base form with its particle: "eat", "look for", "put"
  std::string adjective;
  std::string tense = "present";  // "present", "past" or "future"
  bool negated = false;
  std::shared_ptr<EnZhNoun> object;  // null for an intransitive verb, or a relative clause about its object
  std::shared_ptr<EnZhNoun> target;  // where "put" puts the object (on the table, in the box)
  std::string place;                 // "home", "park", ... ("at home", "in the park")
  std::string time;                  // English words: "yesterday", "at noon", "in the morning"
};

class EnZhGrammar {
 public:
  EnZhGrammar() = default;

  // One random sentence pair (3 to about 45 English tokens before CorpusOptions::max_len applies).
  SentencePair sample(uint64_t seed) const;

  // Specific examples. Throw std::invalid_argument on a word the lexicon does not have or a clause
  // the grammar cannot say.
  SentencePair noun_phrase(const EnZhNoun& np) const;
  SentencePair sentence(const EnZhClause& clause) const;  // the clause and "." / "。"

  // Every English and Chinese word the grammar can produce (punctuation included), sorted.
  std::vector<std::string> english_words() const;
  std::vector<std::string> chinese_words() const;
};

// The same pair read the other way: sides swapped, every link (s, t) turned into (t, s), sorted.
SentencePair transposed(const SentencePair& pair);
Corpus transposed(const Corpus& corpus);

// Like generate_corpus (data/en_fr_grammar.h), from the English-Chinese grammar: English in `en`,
// Chinese in `fr`; max_len counts English tokens.
Corpus generate_en_zh_corpus(const CorpusOptions& options);

}  // namespace attnlab
