#include "data/en_zh_grammar.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/rng.h"
#include "data/en_zh_lexicon.h"

namespace attnlab {

namespace {

using namespace en_zh;

struct Builder {
  std::vector<std::string> en, zh;
  std::vector<std::vector<int>> links;  // for each Chinese word, its English words

  int e(const std::string& w) {
    en.push_back(w);
    return static_cast<int>(en.size()) - 1;
  }
  void z(const std::string& w, std::vector<int> src) {
    zh.push_back(w);
    links.push_back(std::move(src));
  }
};

std::vector<std::string> split_spaces(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

bool takes_measure_word(const std::string& det) {
  return det == "a" || det == "two" || det == "three" || det == "four" || det == "five" || det == "every" ||
         det == "this" || det == "that";
}

// Numerals come before a relative clause in Chinese (一 个 卖 鱼 的 男人), demonstratives after it
// (我 昨天 读 的 那 本 书).
bool numeral_first(const std::string& det) {
  return det == "a" || det == "two" || det == "three" || det == "four" || det == "five" || det == "every" ||
         det == "some" || det == "many";
}

bool third_singular(const NP& np) { return np.pron ? np.pron->third_singular : !np.plural; }

void en_clause(Builder& b, Clause& c, const NP* head);
void zh_clause(Builder& b, const Clause& c, bool relative);

void en_np(Builder& b, NP& np, bool object) {
  if (np.pron) {
    np.i_head = b.e(object ? np.pron->obj : np.pron->subj);
    return;
  }
  if (np.mass) {
    np.i_head = b.e(np.mass->en);
    return;
  }
  if (np.poss)
    np.i_det = b.e(np.poss->poss);
  else if (!np.det.empty())
    np.i_det = b.e(np.det);
  for (const Adjective* a : np.adjs) np.i_adj.push_back(b.e(a->en));
  np.i_head = b.e(np.plural ? np.noun->en_pl : np.noun->en);
  if (np.rel) {
    np.i_rel = b.e(!np.rel->subj && np.noun->person ? "who" : "that");
    en_clause(b, *np.rel, &np);
  }
}

// The determiner and its measure word, both from the English determiner.
void zh_det(Builder& b, const NP& np) {
  static const std::vector<std::pair<std::string, std::string>> words = {
      {"a", "一"},    {"two", "两"},  {"three", "三"},   {"four", "四"},    {"five", "五"},   {"every", "每"},
      {"this", "这"}, {"that", "那"}, {"these", "这些"}, {"those", "那些"}, {"some", "一些"}, {"many", "很多"}};
  if (np.poss) {
    b.z(np.poss->zh, {np.i_det});
    b.z("的", {np.i_det});
    return;
  }
  for (const auto& [en, zh] : words)
    if (np.det == en) {
      b.z(zh, {np.i_det});
      if (takes_measure_word(en)) b.z(np.noun->measure, {np.i_det});
      return;
    }
}

void zh_np(Builder& b, const NP& np) {
  if (np.pron || np.mass) {
    b.z(np.pron ? np.pron->zh : np.mass->zh, {np.i_head});
    return;
  }
  const bool det_first = numeral_first(np.det);
  if (det_first) zh_det(b, np);
  if (np.rel) {
    zh_clause(b, *np.rel, true);
    b.z("的", {np.i_rel});
  }
  if (!det_first) zh_det(b, np);
  for (size_t k = 0; k < np.adjs.size(); ++k) {
    b.z(np.adjs[k]->zh, {np.i_adj[k]});
    if (np.adjs[k]->de) b.z("的", {np.i_adj[k]});
  }
  b.z(np.noun->zh, {np.i_head});
  if (np.plural && np.det == "the" && np.noun->person) b.z("们", {np.i_head});  // the students -> 学生 们
}

// English: subject [will|do|did] [not] verb [particle] object [on the table] [at home] [yesterday]
void en_clause(Builder& b, Clause& c, const NP* head) {
  if (c.subj) en_np(b, *c.subj, false);
  const NP& subject = c.subj ? *c.subj : *head;
  const bool third = third_singular(subject), first = subject.pron && subject.pron->subj == "i";
  if (c.adj) {
    if (c.tense == 2) {
      c.i_aux = b.e("will");
      if (c.neg) c.i_not = b.e("not");
      c.i_be = b.e("be");
    } else {
      const char* be = c.tense == 0 ? (first ? "am" : third ? "is" : "are") : (first || third ? "was" : "were");
      c.i_be = b.e(be);
      if (c.neg) c.i_not = b.e("not");
    }
    c.i_verb = b.e(c.adj->en);
  } else {
    const Verb& v = *c.verb;
    if (c.tense == 2 || c.neg) {
      c.i_aux = b.e(c.tense == 2 ? "will" : c.tense == 1 ? "did" : third ? "does" : "do");
      if (c.neg) c.i_not = b.e("not");
      c.i_verb = b.e(v.en);
    } else {
      c.i_verb = b.e(c.tense == 1 ? v.en_past : third ? v.en_3sg : v.en);
    }
    for (const std::string& w : split_spaces(v.particle)) c.i_particle.push_back(b.e(w));
  }
  if (c.obj) en_np(b, *c.obj, true);
  if (c.target) {
    c.i_tprep = b.e(c.target->noun->on ? "on" : "in");
    en_np(b, *c.target, true);
  }
  if (c.place) {
    c.i_pprep = b.e(c.place->prep);
    if (c.place->the) b.e("the");
    c.i_pnoun = b.e(c.place->en);
  }
  if (c.time)
    for (const std::string& w : c.time->en) c.i_time.push_back(b.e(w));
}

// Chinese: subject [time] [在 place] [不|没|会] verb [了] object, or subject [time] 把 object verb 了
void zh_clause(Builder& b, const Clause& c, bool relative) {
  if (c.subj) zh_np(b, *c.subj);
  if (c.time)
    for (size_t k = 0; k < c.time->zh.size(); ++k) {
      std::vector<int> src;
      for (int l : c.time->links[k]) src.push_back(c.i_time[static_cast<size_t>(l)]);
      b.z(c.time->zh[k], src);
    }
  if (c.place) {
    b.z("在", {c.i_pprep});
    b.z(c.place->zh, {c.i_pnoun});
  }
  if (c.adj) {
    if (c.tense == 2) {
      if (c.neg) b.z("不", {c.i_not});
      b.z("会", c.neg ? std::vector<int>{c.i_aux, c.i_be} : std::vector<int>{c.i_aux});  // will not be -> 不 会
      if (!c.neg) b.z("很", {c.i_be});
    } else {
      b.z(c.neg ? "不" : "很", c.neg ? std::vector<int>{c.i_be, c.i_not} : std::vector<int>{c.i_be});
    }
    b.z(c.adj->zh, {c.i_verb});
    return;
  }
  const Verb& v = *c.verb;
  std::vector<int> verb_src = {c.i_verb};
  verb_src.insert(verb_src.end(), c.i_particle.begin(), c.i_particle.end());
  const bool put = c.target != nullptr;
  if (put || (!relative && c.tense == 1 && !c.neg && v.ba && c.obj && definite(*c.obj))) {
    b.z("把", {});
    zh_np(b, *c.obj);
    b.z(v.zh, verb_src);
    if (put) {
      b.z("在", {c.i_tprep});
      zh_np(b, *c.target);
      b.z(c.target->noun->on ? "上" : "里", {c.i_tprep});
    } else {
      b.z("了", {c.i_verb});
    }
    return;
  }
  if (c.tense == 2) {
    if (c.neg) b.z("不", {c.i_not});
    b.z("会", {c.i_aux});
  } else if (c.neg) {
    b.z(c.tense == 1 ? "没" : "不", {c.i_aux, c.i_not});
  }
  b.z(v.zh, verb_src);
  if (c.tense == 1 && !c.neg && !relative) b.z("了", {c.i_verb});
  if (c.obj) zh_np(b, *c.obj);
}

// English "a" -> "an" before a vowel; the links become the sorted alignment.
SentencePair finish(Builder& b) {
  for (size_t i = 0; i + 1 < b.en.size(); ++i)
    if (b.en[i] == "a" && std::string("aeiou").find(b.en[i + 1][0]) != std::string::npos) b.en[i] = "an";
  SentencePair p;
  p.en = b.en;
  p.fr = b.zh;
  for (size_t t = 0; t < b.links.size(); ++t)
    for (int s : b.links[t]) p.alignment.emplace_back(s, static_cast<int>(t));
  std::sort(p.alignment.begin(), p.alignment.end());
  p.alignment.erase(std::unique(p.alignment.begin(), p.alignment.end()), p.alignment.end());
  return p;
}

}  // namespace

namespace en_zh {

SentencePair write_noun_phrase(NP& np) {
  Builder b;
  en_np(b, np, false);
  zh_np(b, np);
  return finish(b);
}

// Clauses joined by ", and" (-> "，") or ", but" (-> "， 但是"), then "." -> "。".
SentencePair write_sentence(std::vector<std::unique_ptr<Clause>>& clauses, const std::vector<bool>& but) {
  Builder b;
  std::vector<std::pair<int, int>> joins;  // (comma, and/but) English indices
  for (size_t k = 0; k < clauses.size(); ++k) {
    if (k > 0) {
      const int comma = b.e(",");
      joins.emplace_back(comma, b.e(but[k] ? "but" : "and"));
    }
    en_clause(b, *clauses[k], nullptr);
  }
  const int stop = b.e(".");
  for (size_t k = 0; k < clauses.size(); ++k) {
    if (k > 0) {
      const auto [comma, conj] = joins[k - 1];
      if (but[k]) {
        b.z("，", {comma});
        b.z("但是", {conj});
      } else {
        b.z("，", {comma, conj});
      }
    }
    zh_clause(b, *clauses[k], false);
  }
  b.z("。", {stop});
  return finish(b);
}

}  // namespace en_zh

using namespace en_zh;

SentencePair EnZhGrammar::sample(uint64_t seed) const { return sample_sentence(lexicon(), seed); }

SentencePair EnZhGrammar::noun_phrase(const EnZhNoun& spec) const {
  return write_noun_phrase(*resolve_np(lexicon(), spec));
}

SentencePair EnZhGrammar::sentence(const EnZhClause& spec) const {
  std::vector<std::unique_ptr<Clause>> clauses;
  clauses.push_back(resolve_clause(lexicon(), spec, false));
  return write_sentence(clauses, {false});
}

std::vector<std::string> EnZhGrammar::english_words() const {
  const std::set<std::string> w = vocabulary(lexicon(), true);
  return {w.begin(), w.end()};
}

std::vector<std::string> EnZhGrammar::chinese_words() const {
  const std::set<std::string> w = vocabulary(lexicon(), false);
  return {w.begin(), w.end()};
}

SentencePair transposed(const SentencePair& p) {
  SentencePair q;
  q.en = p.fr;
  q.fr = p.en;
  for (const auto& [s, t] : p.alignment) q.alignment.emplace_back(t, s);
  std::sort(q.alignment.begin(), q.alignment.end());
  return q;
}

Corpus transposed(const Corpus& c) {
  Corpus out;
  for (const SentencePair& p : c.train) out.train.push_back(transposed(p));
  for (const SentencePair& p : c.valid) out.valid.push_back(transposed(p));
  for (const SentencePair& p : c.test) out.test.push_back(transposed(p));
  return out;
}

Corpus generate_en_zh_corpus(const CorpusOptions& options) {
  const EnZhGrammar grammar;
  return generate_corpus(options, [&grammar](uint64_t seed) { return grammar.sample(seed); });
}

}  // namespace attnlab
