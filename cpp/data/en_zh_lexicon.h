// The words and the sentence trees of the English <-> Chinese toy grammar (data/en_zh_grammar.h): a
// private header shared by its three sources (the lexicon, the sampler, the writer), not part of the
// engine's interface.
//
// Every Chinese entry is one word as the attention map shows it (书, 自行车, 图书馆); the grammar
// puts one space between words.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "data/en_zh_grammar.h"

namespace attnlab::en_zh {

struct Noun {
  std::string en, en_pl, zh;
  std::string measure;          // the measure word after a numeral or demonstrative: 一 本 书, 三 只 猫
  bool person = false;          // may be the subject of any verb and the head of a "who" clause
  bool animal = false;          // may be a subject too
  bool on = false, in = false;  // a place to put something: 放 在 桌子 上 / 放 在 盒子 里
};

// Mass nouns: objects without article or number ("i eat rice" -> 我 吃 饭).
struct MassNoun {
  std::string en, zh;
};

struct Adjective {
  std::string en, zh;
  bool de;  // takes 的 before the noun (漂亮 的 花); one-syllable ones do not (红 花, 大 狗)
};

struct Pronoun {
  std::string subj, obj, poss, zh;  // i / me / my -> 我 (my -> 我 的)
  bool third_singular;              // takes "does" and "sees"
};

struct Verb {
  std::string en, en_3sg, en_past, zh;
  std::string particle;  // "look at", "wait for": two English words, one Chinese word
  bool transitive;
  bool ba;  // takes the 把 construction in the past with a definite object: 我 把 车 卖 了
};

// A place the clause happens in: "at home" -> 在 家, "in the park" -> 在 公园.
struct Place {
  std::string prep;  // "at" or "in"
  bool the;          // "in the park" (the has no Chinese word), "at home"
  std::string en, zh;
};

// A time phrase: English words, Chinese words, and for each Chinese word the English words it
// comes from ("in the morning" -> 早上 from all three).
struct Time {
  std::vector<std::string> en, zh;
  std::vector<std::vector<int>> links;
  int tense;  // 0 present (habits), 1 past, 2 future
};

struct Lexicon {
  std::vector<Noun> nouns;
  std::vector<MassNoun> mass;
  std::vector<Adjective> adjectives;
  std::vector<Pronoun> pronouns;
  std::vector<Verb> verbs;
  std::vector<Place> places;
  std::vector<Time> times;
  // indices into the lists above
  std::vector<int> subjects, heads_who, put_targets, transitive, intransitive, ba_verbs, food_verbs;
  int put = -1;  // the verb "put" (only with 把 and a target: 把 书 放 在 桌子 上)
};

// A sentence is built as a tree first (en_zh_sampler.cpp draws one, or resolves the words of an
// EnZhClause), then written twice (en_zh_grammar.cpp): English in English order, each node keeping
// the indices of its English words, then Chinese in Chinese order, linking to those indices.
struct Clause;

struct NP {
  const Pronoun* pron = nullptr;  // "i" / "me"
  const MassNoun* mass = nullptr;
  const Noun* noun = nullptr;
  std::string det;                // English determiner; "" with a pronoun, a mass noun or a possessive
  const Pronoun* poss = nullptr;  // "my book" -> 我 的 书
  std::vector<const Adjective*> adjs;
  bool plural = false;
  std::unique_ptr<Clause> rel;  // a relative clause whose subject (or object) is this noun
  int i_det = -1, i_head = -1, i_rel = -1;
  std::vector<int> i_adj;
};

struct Clause {
  std::unique_ptr<NP> subj, obj, target;  // subj null: a relative clause about its subject
  const Verb* verb = nullptr;
  const Adjective* adj = nullptr;  // "is happy": no verb
  int tense = 0;                   // 0 present, 1 past, 2 future
  bool neg = false;
  const Place* place = nullptr;
  const Time* time = nullptr;
  int i_aux = -1, i_not = -1, i_be = -1, i_verb = -1, i_tprep = -1, i_pprep = -1, i_pnoun = -1;
  std::vector<int> i_particle, i_time;
};

const Lexicon& lexicon();

// A noun phrase 把 can move before the verb: the, this, that, these, those or a possessive.
bool definite(const NP& np);

// en_zh_grammar.cpp: the English and Chinese words and their links. Clauses are joined by ", and"
// (but[k] false) or ", but" (but[k] true; but[0] is not read) and end with "." / "。".
SentencePair write_sentence(std::vector<std::unique_ptr<Clause>>& clauses, const std::vector<bool>& but);
SentencePair write_noun_phrase(NP& np);

// en_zh_sampler.cpp: a random sentence; the tree of a specific one (std::invalid_argument on a word
// the lexicon does not have); every English or Chinese word the grammar can write.
SentencePair sample_sentence(const Lexicon& lex, uint64_t seed);
std::unique_ptr<NP> resolve_np(const Lexicon& lex, const EnZhNoun& spec);
std::unique_ptr<Clause> resolve_clause(const Lexicon& lex, const EnZhClause& spec, bool relative);
std::set<std::string> vocabulary(const Lexicon& lex, bool english);

}  // namespace attnlab::en_zh
