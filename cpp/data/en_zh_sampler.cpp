// The random part of the English-Chinese grammar, and the trees of specific sentences.
#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/rng.h"
#include "data/en_zh_lexicon.h"

namespace attnlab::en_zh {

namespace {

// Sizes are drawn so that most sentences are short and a few are long.
class Sampler {
 public:
  Sampler(const Lexicon& lex, uint64_t seed) : lex_(lex), rng_(seed) {}

  SentencePair sentence() {
    const double r = rng_.uniform();
    const int n = r < 0.55 ? 1 : r < 0.85 ? 2 : 3;
    std::vector<std::unique_ptr<Clause>> clauses;
    std::vector<bool> but;
    for (int k = 0; k < n; ++k) {
      but.push_back(k > 0 && chance(0.35));
      clauses.push_back(clause());
    }
    return write_sentence(clauses, but);
  }

 private:
  bool chance(double p) { return rng_.uniform() < p; }
  template <class T>
  const T* pick(const std::vector<T>& v) {
    return &v[rng_.below(v.size())];
  }
  int pick(const std::vector<int>& v) { return v[rng_.below(v.size())]; }

  int draw_tense() {
    const double r = rng_.uniform();
    return r < 0.4 ? 0 : r < 0.8 ? 1 : 2;
  }
  const Time* time_of(int tense) {
    std::vector<int> fit;
    for (int i = 0; i < static_cast<int>(lex_.times.size()); ++i)
      if (lex_.times[static_cast<size_t>(i)].tense == tense) fit.push_back(i);
    return &lex_.times[static_cast<size_t>(pick(fit))];
  }

  // A relative clause cannot say its tense in Chinese (no 了 before 的), so a past one always has a
  // past time phrase (我 昨天 读 的 书); the same for an adjective (猫 昨天 很 高兴).
  void add_time(Clause& c, double p, bool must_say_past) {
    if ((must_say_past && c.tense == 1) || chance(p)) c.time = time_of(c.tense);
  }

  std::unique_ptr<NP> noun_phrase(bool subject, bool with_relative) {
    auto np = std::make_unique<NP>();
    if (subject && chance(0.35)) {
      np->pron = pick(lex_.pronouns);
      return np;
    }
    np->noun = &lex_.nouns[static_cast<size_t>(subject ? pick(lex_.subjects) : rng_.below(lex_.nouns.size()))];
    if (chance(0.25)) {
      static const std::vector<std::string> plural = {"two", "three", "four", "five", "these", "those", "some", "many"};
      np->plural = true;
      np->det = np->noun->person && chance(0.2) ? "the" : *pick(plural);
    } else {
      const double d = rng_.uniform();
      if (d < 0.12)
        np->poss = pick(lex_.pronouns);
      else
        np->det = d < 0.5 ? "the" : d < 0.77 ? "a" : d < 0.87 ? "this" : d < 0.96 ? "that" : "every";
    }
    const double a = rng_.uniform();
    const int n_adj = a < 0.55 ? 0 : a < 0.9 ? 1 : 2;
    for (int k = 0; k < n_adj; ++k) {
      const Adjective* adj = pick(lex_.adjectives);
      if (std::find(np->adjs.begin(), np->adjs.end(), adj) == np->adjs.end()) np->adjs.push_back(adj);
    }
    if (with_relative && chance(0.18)) np->rel = relative(*np);
    return np;
  }

  std::unique_ptr<NP> object(const Verb& v, bool with_relative) {
    if (std::find(lex_.food_verbs.begin(), lex_.food_verbs.end(), &v - lex_.verbs.data()) != lex_.food_verbs.end() &&
        chance(0.4)) {
      auto np = std::make_unique<NP>();
      np->mass = pick(lex_.mass);
      return np;
    }
    if (chance(0.12)) {
      auto np = std::make_unique<NP>();
      np->pron = pick(lex_.pronouns);
      return np;
    }
    return noun_phrase(false, with_relative);
  }

  // "who sells fish" (about the subject) or "that i read yesterday" (about the object); present or
  // past, no 把, no further relative clause.
  std::unique_ptr<Clause> relative(const NP& head) {
    auto c = std::make_unique<Clause>();
    c->tense = chance(0.5) ? 0 : 1;
    c->neg = chance(0.15);
    if ((head.noun->person || head.noun->animal) && chance(0.5)) {
      const bool transitive = chance(0.6);
      c->verb = &lex_.verbs[static_cast<size_t>(pick(transitive ? lex_.transitive : lex_.intransitive))];
      if (transitive) c->obj = object(*c->verb, false);
    } else {
      c->subj = noun_phrase(true, false);
      c->verb = &lex_.verbs[static_cast<size_t>(pick(lex_.transitive))];
    }
    if (chance(0.15)) c->place = pick(lex_.places);
    add_time(*c, 0.3, true);
    return c;
  }

  std::unique_ptr<Clause> clause() {
    auto c = std::make_unique<Clause>();
    c->subj = noun_phrase(true, true);
    c->tense = draw_tense();
    c->neg = chance(0.25);
    const double k = rng_.uniform();
    if (k < 0.15) {
      c->adj = pick(lex_.adjectives);
    } else if (k < 0.38) {
      c->verb = &lex_.verbs[static_cast<size_t>(pick(lex_.intransitive))];
    } else if (k < 0.88) {
      c->verb = &lex_.verbs[static_cast<size_t>(pick(k < 0.6 ? lex_.ba_verbs : lex_.transitive))];
      c->obj = object(*c->verb, true);
    } else {  // put the book on the table -> 把 书 放 在 桌子 上: past, affirmative, a definite object
      c->verb = &lex_.verbs[static_cast<size_t>(lex_.put)];
      c->tense = 1;
      c->neg = false;
      do c->obj = noun_phrase(false, false);
      while (!definite(*c->obj));
      c->target = std::make_unique<NP>();
      c->target->noun = &lex_.nouns[static_cast<size_t>(pick(lex_.put_targets))];
      c->target->det = "the";
      add_time(*c, 0.3, false);
      return c;
    }
    if (chance(0.3)) c->place = pick(lex_.places);
    add_time(*c, 0.4, c->adj != nullptr);
    return c;
  }

  const Lexicon& lex_;
  Rng rng_;
};

template <class T>
const T* find_en(const std::vector<T>& items, const std::string& en, const char* what) {
  for (const T& it : items)
    if (it.en == en) return &it;
  throw std::invalid_argument(std::string("the English-Chinese grammar has no ") + what + " \"" + en + "\"");
}

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (size_t i = 0; i < words.size(); ++i) s += (i ? " " : "") + words[i];
  return s;
}

}  // namespace

bool definite(const NP& np) {
  return np.noun &&
         (np.poss || np.det == "the" || np.det == "this" || np.det == "that" || np.det == "these" || np.det == "those");
}

SentencePair sample_sentence(const Lexicon& lex, uint64_t seed) { return Sampler(lex, seed).sentence(); }

std::unique_ptr<NP> resolve_np(const Lexicon& lex, const EnZhNoun& spec) {
  auto np = std::make_unique<NP>();
  for (const Pronoun& p : lex.pronouns)
    if (spec.noun == p.subj || spec.noun == p.obj) np->pron = &p;
  for (const MassNoun& m : lex.mass)
    if (spec.noun == m.en) np->mass = &m;
  if (np->pron || np->mass) return np;
  np->noun = find_en(lex.nouns, spec.noun, "noun");
  np->plural = spec.plural;
  for (const Pronoun& p : lex.pronouns)
    if (spec.det == p.poss) np->poss = &p;
  if (!np->poss) {
    static const std::vector<std::string> dets = {"the",  "a",     "two",   "three", "four", "five", "this",
                                                  "that", "these", "those", "every", "some", "many"};
    if (std::find(dets.begin(), dets.end(), spec.det) == dets.end())
      throw std::invalid_argument("the English-Chinese grammar has no determiner \"" + spec.det + "\"");
    np->det = spec.det;
  }
  for (const std::string& a : spec.adjectives) np->adjs.push_back(find_en(lex.adjectives, a, "adjective"));
  if (spec.relative) np->rel = resolve_clause(lex, *spec.relative, true);
  return np;
}

std::unique_ptr<Clause> resolve_clause(const Lexicon& lex, const EnZhClause& spec, bool relative) {
  auto c = std::make_unique<Clause>();
  if (spec.subject) c->subj = resolve_np(lex, *spec.subject);
  if (!c->subj && !relative) throw std::invalid_argument("a sentence needs a subject");
  if (!spec.verb.empty()) {
    std::istringstream words(spec.verb);
    std::string first, particle, w;
    words >> first;
    while (words >> w) particle += (particle.empty() ? "" : " ") + w;
    for (const Verb& v : lex.verbs)
      if (v.en == first && v.particle == particle) c->verb = &v;
    if (!c->verb) throw std::invalid_argument("the English-Chinese grammar has no verb \"" + spec.verb + "\"");
  } else {
    c->adj = find_en(lex.adjectives, spec.adjective, "adjective");
  }
  c->tense = spec.tense == "present" ? 0 : spec.tense == "past" ? 1 : spec.tense == "future" ? 2 : -1;
  if (c->tense < 0) throw std::invalid_argument("tense \"" + spec.tense + "\" (expected present, past or future)");
  c->neg = spec.negated;
  if (spec.object) c->obj = resolve_np(lex, *spec.object);
  if (spec.target) c->target = resolve_np(lex, *spec.target);
  if (c->verb && (c->verb->en == "put") != (c->target != nullptr))
    throw std::invalid_argument("\"put\" and only \"put\" takes a target (on the table)");
  if (c->target && (!c->target->noun || !(c->target->noun->on || c->target->noun->in) || c->tense != 1 || c->neg ||
                    !c->obj || relative))
    throw std::invalid_argument("\"put\" is said in the past, affirmative, with an object and a table, box, ...");
  if (!spec.place.empty()) {
    for (const Place& p : lex.places)
      if (p.en == spec.place) c->place = &p;
    if (!c->place) throw std::invalid_argument("the English-Chinese grammar has no place \"" + spec.place + "\"");
  }
  if (!spec.time.empty()) {
    for (const Time& t : lex.times)
      if (join(t.en) == spec.time) c->time = &t;
    if (!c->time) throw std::invalid_argument("the English-Chinese grammar has no time \"" + spec.time + "\"");
  }
  return c;
}

std::set<std::string> vocabulary(const Lexicon& lex, bool english) {
  std::set<std::string> en, zh;
  for (const Noun& n : lex.nouns) {
    en.insert({n.en, n.en_pl});
    zh.insert({n.zh, n.measure});
  }
  for (const MassNoun& m : lex.mass) {
    en.insert(m.en);
    zh.insert(m.zh);
  }
  for (const Adjective& a : lex.adjectives) {
    en.insert(a.en);
    zh.insert(a.zh);
  }
  for (const Pronoun& p : lex.pronouns) {
    en.insert({p.subj, p.obj, p.poss});
    zh.insert(p.zh);
  }
  for (const Verb& v : lex.verbs) {
    en.insert({v.en, v.en_3sg, v.en_past});
    std::istringstream particle(v.particle);
    for (std::string w; particle >> w;) en.insert(w);
    zh.insert(v.zh);
  }
  for (const Place& p : lex.places) {
    en.insert({p.prep, p.en});
    zh.insert(p.zh);
  }
  for (const Time& t : lex.times) {
    en.insert(t.en.begin(), t.en.end());
    zh.insert(t.zh.begin(), t.zh.end());
  }
  en.insert({"the",   "a",    "an",   "two", "three", "four", "five", "this", "that", "these", "those",
             "every", "some", "many", "who", "am",    "is",   "are",  "was",  "were", "will",  "be",
             "do",    "does", "did",  "not", "on",    "in",   "and",  "but",  ",",    "."});
  zh.insert({"一", "两", "三", "四", "五", "每", "这", "那", "这些", "那些", "一些", "很多", "的",
             "们", "很", "不", "没", "会", "了", "把", "在", "上",   "里",   "但是", "，",   "。"});
  return english ? en : zh;
}

}  // namespace attnlab::en_zh
