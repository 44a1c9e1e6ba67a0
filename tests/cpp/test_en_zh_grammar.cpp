// The English <-> Chinese toy corpus: the constructions of issue 19 on specific sentences (的
// clauses and time/place before the verb with crossing links, measure words, 把, 不 / 没), alignments
// in range and covering every Chinese word but 把, the Chinese -> English direction, disjoint splits,
// determinism, vocabulary size and sentence lengths, and the CLI's --pair.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "alignment_checks.h"
#include "cli/cli.h"
#include "data/en_zh_grammar.h"

using namespace attnlab;

namespace {

using attnlab::testing::has_crossing;
using attnlab::testing::has_link;
using attnlab::testing::join;

std::shared_ptr<EnZhNoun> np(const std::string& det, const std::string& noun, std::vector<std::string> adjectives = {},
                             bool plural = false) {
  auto n = std::make_shared<EnZhNoun>();
  n->det = det;
  n->noun = noun;
  n->adjectives = std::move(adjectives);
  n->plural = plural;
  return n;
}

std::shared_ptr<EnZhNoun> pron(const std::string& word) { return np("", word); }

// Links in range, sorted and without repeats; every Chinese word linked except 把 (which has no
// English word), every English word linked except "the" (which has no Chinese word).
void check_alignment(const SentencePair& p) {
  INFO(join(p.en) << " -> " << join(p.fr) << " [" << alignment_to_string(p.alignment) << "]");
  REQUIRE(std::is_sorted(p.alignment.begin(), p.alignment.end()));
  REQUIRE(std::adjacent_find(p.alignment.begin(), p.alignment.end()) == p.alignment.end());
  std::vector<bool> en_linked(p.en.size(), false), zh_linked(p.fr.size(), false);
  for (const auto& [s, t] : p.alignment) {
    REQUIRE(s >= 0);
    REQUIRE(s < static_cast<int>(p.en.size()));
    REQUIRE(t >= 0);
    REQUIRE(t < static_cast<int>(p.fr.size()));
    en_linked[static_cast<size_t>(s)] = zh_linked[static_cast<size_t>(t)] = true;
  }
  for (size_t t = 0; t < p.fr.size(); ++t) {
    INFO("chinese word " << t << " \"" << p.fr[t] << "\"");
    CHECK(zh_linked[t] == (p.fr[t] != "把"));
  }
  for (size_t s = 0; s < p.en.size(); ++s) {
    INFO("english word " << s << " \"" << p.en[s] << "\"");
    CHECK((en_linked[s] || p.en[s] == "the"));
  }
}

const Corpus& small_corpus() {
  static const Corpus c = [] {
    CorpusOptions o;
    o.seed = 11;
    o.n_train = 3000;
    o.n_valid = 300;
    o.n_test = 300;
    return generate_en_zh_corpus(o);
  }();
  return c;
}

}  // namespace

TEST_CASE("en-zh grammar: the book that i read yesterday -> 我 昨天 读 的 书, with crossing links") {
  const EnZhGrammar g;
  auto book = np("the", "book");
  book->relative = std::make_shared<EnZhClause>();
  book->relative->subject = pron("i");
  book->relative->verb = "read";
  book->relative->tense = "past";
  book->relative->time = "yesterday";
  const SentencePair p = g.noun_phrase(*book);
  CHECK(join(p.en) == "the book that i read yesterday");
  CHECK(join(p.fr) == "我 昨天 读 的 书");
  // the (0) has no Chinese word; that (2) -> 的 (3); book (1) -> 书 (4) comes last
  CHECK(alignment_to_string(p.alignment) == "1-4 2-3 3-0 4-2 5-1");
  CHECK(has_crossing(p));
  check_alignment(p);

  // a subject clause: who -> 的, the numeral and its measure word stay in front
  auto man = np("a", "man");
  man->relative = std::make_shared<EnZhClause>();
  man->relative->verb = "sell";
  man->relative->object = np("", "meat");
  const SentencePair q = g.noun_phrase(*man);
  CHECK(join(q.en) == "a man who sells meat");
  CHECK(join(q.fr) == "一 个 卖 肉 的 男人");
  CHECK(has_link(q, 2, 4));  // who -> 的
  CHECK(has_crossing(q));
  check_alignment(q);
}

TEST_CASE("en-zh grammar: time and place before the verb") {
  const EnZhGrammar g;
  EnZhClause c;
  c.subject = pron("i");
  c.verb = "eat";
  c.object = np("", "rice");
  c.place = "home";
  c.time = "at noon";
  const SentencePair p = g.sentence(c);
  CHECK(join(p.en) == "i eat rice at home at noon .");
  CHECK(join(p.fr) == "我 中午 在 家 吃 饭 。");
  CHECK(alignment_to_string(p.alignment) == "0-0 1-4 2-5 3-2 4-3 5-1 6-1 7-6");
  CHECK(has_crossing(p));
  check_alignment(p);

  c.time = "in the morning";  // three English words, one Chinese word
  c.place = "park";
  const SentencePair q = g.sentence(c);
  CHECK(join(q.en) == "i eat rice in the park in the morning .");
  CHECK(join(q.fr) == "我 早上 在 公园 吃 饭 。");
  CHECK(has_link(q, 6, 1));
  CHECK(has_link(q, 7, 1));
  CHECK(has_link(q, 8, 1));
  check_alignment(q);
}

TEST_CASE("en-zh grammar: measure words come from the numeral, no articles, no plural") {
  const EnZhGrammar g;
  const SentencePair a = g.noun_phrase(*np("a", "book"));
  CHECK(join(a.fr) == "一 本 书");
  CHECK(alignment_to_string(a.alignment) == "0-0 0-1 1-2");
  const SentencePair cats = g.noun_phrase(*np("three", "cat", {}, true));
  CHECK(join(cats.en) == "three cats");
  CHECK(join(cats.fr) == "三 只 猫");
  CHECK(alignment_to_string(cats.alignment) == "0-0 0-1 1-2");
  CHECK(join(g.noun_phrase(*np("two", "horse", {}, true)).fr) == "两 匹 马");
  CHECK(join(g.noun_phrase(*np("this", "car", {"red"})).fr) == "这 辆 红 车");
  CHECK(join(g.noun_phrase(*np("a", "girl", {"clever"})).fr) == "一 个 聪明 的 女孩");
  CHECK(join(g.noun_phrase(*np("a", "apple")).en) == "an apple");
  CHECK(join(g.noun_phrase(*np("my", "dog")).fr) == "我 的 狗");
  CHECK(join(g.noun_phrase(*np("these", "dog", {}, true)).fr) == "这些 狗");
  const SentencePair the = g.noun_phrase(*np("the", "car"));
  CHECK(join(the.fr) == "车");
  CHECK(alignment_to_string(the.alignment) == "1-0");  // "the": one to zero
  CHECK_THROWS_AS(g.noun_phrase(*np("the", "zeppelin")), std::invalid_argument);
  CHECK_THROWS_AS(g.noun_phrase(*np("an", "apple")), std::invalid_argument);
}

TEST_CASE("en-zh grammar: 把 moves a definite object before the verb") {
  const EnZhGrammar g;
  EnZhClause c;
  c.subject = pron("i");
  c.verb = "sell";
  c.tense = "past";
  c.object = np("the", "car");
  const SentencePair p = g.sentence(c);
  CHECK(join(p.en) == "i sold the car .");
  CHECK(join(p.fr) == "我 把 车 卖 了 。");
  CHECK(alignment_to_string(p.alignment) == "0-0 1-3 1-4 3-2 4-5");  // sold -> 卖 了; 把 (1) unlinked
  CHECK(has_crossing(p));
  check_alignment(p);

  c.verb = "put";
  c.object = np("the", "book");
  c.target = np("the", "table");
  c.time = "yesterday";
  const SentencePair q = g.sentence(c);
  CHECK(join(q.en) == "i put the book on the table yesterday .");
  CHECK(join(q.fr) == "我 昨天 把 书 放 在 桌子 上 。");
  CHECK(has_link(q, 4, 5));  // on -> 在 and 上
  CHECK(has_link(q, 4, 7));
  check_alignment(q);

  // an indefinite object, or a negated clause, keeps the verb first
  c = EnZhClause();
  c.subject = pron("i");
  c.verb = "sell";
  c.tense = "past";
  c.object = np("a", "car");
  CHECK(join(g.sentence(c).fr) == "我 卖 了 一 辆 车 。");
  c.object = np("the", "car");
  c.negated = true;
  CHECK(join(g.sentence(c).fr) == "我 没 卖 车 。");
  c.verb = "put";  // put needs a target
  CHECK_THROWS_AS(g.sentence(c), std::invalid_argument);
}

TEST_CASE("en-zh grammar: negation with 不 and 没, many English words to one") {
  const EnZhGrammar g;
  EnZhClause c;
  c.subject = np("the", "dog");
  c.verb = "eat";
  c.negated = true;
  c.object = np("", "meat");
  const SentencePair p = g.sentence(c);
  CHECK(join(p.en) == "the dog does not eat meat .");
  CHECK(join(p.fr) == "狗 不 吃 肉 。");
  CHECK(has_link(p, 2, 1));  // does -> 不
  CHECK(has_link(p, 3, 1));  // not -> 不
  check_alignment(p);

  c.tense = "past";
  c.time = "yesterday";
  const SentencePair q = g.sentence(c);
  CHECK(join(q.en) == "the dog did not eat meat yesterday .");
  CHECK(join(q.fr) == "狗 昨天 没 吃 肉 。");
  check_alignment(q);

  c = EnZhClause();
  c.subject = pron("they");
  c.verb = "wait for";
  c.tense = "future";
  c.negated = true;
  c.object = pron("him");
  const SentencePair r = g.sentence(c);
  CHECK(join(r.en) == "they will not wait for him .");
  CHECK(join(r.fr) == "他们 不 会 等 他 。");
  CHECK(has_link(r, 3, 3));  // wait for -> 等
  CHECK(has_link(r, 4, 3));
  check_alignment(r);

  c = EnZhClause();
  c.subject = np("the", "cat");
  c.adjective = "happy";
  CHECK(join(g.sentence(c).fr) == "猫 很 高兴 。");
  c.negated = true;
  c.subject = pron("i");
  CHECK(join(g.sentence(c).en) == "i am not happy .");
  CHECK(join(g.sentence(c).fr) == "我 不 高兴 。");
}

TEST_CASE("en-zh corpus: alignments consistent, and every construction shows up") {
  const Corpus& c = small_corpus();
  int n = 0, crossing = 0, de_clause = 0, de_crossing = 0, time_place = 0, time_place_crossing = 0, measure = 0, ba = 0,
      bu = 0, mei = 0, many_to_one = 0;
  const std::set<std::string> measure_words = {"本", "只", "个", "辆", "张", "条", "位", "头", "匹"};
  for (const auto* split : {&c.train, &c.valid, &c.test})
    for (const SentencePair& p : *split) {
      check_alignment(p);
      ++n;
      crossing += has_crossing(p);
      const std::set<std::string> zh(p.fr.begin(), p.fr.end()), en(p.en.begin(), p.en.end());
      if (en.count("who") || (en.count("that") && zh.count("的") && !zh.count("那"))) {
        ++de_clause;
        de_crossing += has_crossing(p);
      }
      if (zh.count("在") && !zh.count("把") && !zh.count("的")) {
        ++time_place;
        time_place_crossing += has_crossing(p);
      }
      for (const std::string& w : measure_words) measure += zh.count(w);
      ba += zh.count("把") > 0;
      bu += zh.count("不") > 0;
      mei += zh.count("没") > 0;
      std::map<int, int> sources;
      for (const auto& [s, t] : p.alignment) ++sources[t];
      for (const auto& [t, k] : sources) many_to_one += k > 1;
    }
  CHECK(n == 3600);
  CHECK(de_clause > 300);
  CHECK(de_crossing == de_clause);  // a relative clause always moves before its noun
  CHECK(time_place > 300);
  CHECK(time_place_crossing == time_place);  // 在 + place always moves before the verb
  CHECK(crossing > 2000);
  CHECK(measure > 1000);
  CHECK(ba > 300);
  CHECK(bu > 300);
  CHECK(mei > 100);
  CHECK(many_to_one > 1000);
}

TEST_CASE("en-zh corpus: Chinese -> English is the same pairs with the sides swapped") {
  const Corpus& c = small_corpus();
  const Corpus z = transposed(c);
  REQUIRE(z.train.size() == c.train.size());
  REQUIRE(z.test.size() == c.test.size());
  for (size_t i = 0; i < c.test.size(); ++i) {
    const SentencePair& a = c.test[i];
    const SentencePair& b = z.test[i];
    CHECK(b.en == a.fr);
    CHECK(b.fr == a.en);
    REQUIRE(b.alignment.size() == a.alignment.size());
    for (const auto& [s, t] : a.alignment) CHECK(has_link(b, t, s));
    CHECK(std::is_sorted(b.alignment.begin(), b.alignment.end()));
    CHECK(transposed(b).alignment == a.alignment);
  }
}

TEST_CASE("en-zh corpus: splits disjoint, lengths from 3 to at least 25, at least 300 English words") {
  const Corpus& c = small_corpus();
  CHECK(c.train.size() == 3000);
  CHECK(c.valid.size() == 300);
  CHECK(c.test.size() == 300);
  std::set<std::string> seen, seen_chinese, english, chinese;
  size_t total = 0, min_len = 1000, max_len = 0;
  for (const auto* split : {&c.train, &c.valid, &c.test})
    for (const SentencePair& p : *split) {
      seen.insert(join(p.en));
      seen_chinese.insert(join(p.fr));
      ++total;
      min_len = std::min(min_len, p.en.size());
      max_len = std::max(max_len, p.en.size());
      english.insert(p.en.begin(), p.en.end());
      chinese.insert(p.fr.begin(), p.fr.end());
      for (const std::string& w : p.fr) CHECK(w.find(' ') == std::string::npos);
    }
  CHECK(seen.size() == total);          // no English sentence in two places
  CHECK(seen_chinese.size() == total);  // nor a Chinese one: Chinese -> English is a function too
  CHECK(min_len == 3);
  CHECK(max_len >= 25);
  CHECK(max_len <= 40);
  CHECK(english.size() >= 300);
  CHECK(chinese.count("。") == 1);
  CHECK(chinese.count("，") == 1);
  const EnZhGrammar g;
  CHECK(g.english_words().size() >= 300);
  // every word the corpus uses is one the grammar lists
  const std::vector<std::string> en_words = g.english_words(), zh_words = g.chinese_words();
  for (const std::string& w : english) CHECK(std::binary_search(en_words.begin(), en_words.end(), w));
  for (const std::string& w : chinese) CHECK(std::binary_search(zh_words.begin(), zh_words.end(), w));
}

TEST_CASE("en-zh corpus: the same seed gives the same corpus, another seed another") {
  CorpusOptions o;
  o.n_train = 200;
  o.n_valid = 20;
  o.n_test = 20;
  o.seed = 5;
  const Corpus a = generate_en_zh_corpus(o), b = generate_en_zh_corpus(o);
  o.seed = 6;
  const Corpus d = generate_en_zh_corpus(o);
  CHECK(pairs_to_tsv(a.train) == pairs_to_tsv(b.train));
  CHECK(pairs_to_tsv(a.test) == pairs_to_tsv(b.test));
  CHECK(pairs_to_tsv(a.train) != pairs_to_tsv(d.train));
}

TEST_CASE("en-zh corpus: attnlab corpus --pair writes both directions") {
  const std::string dir = (std::filesystem::temp_directory_path() / "attnlab_corpus_zh_test").string();
  std::filesystem::remove_all(dir);
  CorpusOptions o;
  o.seed = 3;
  o.n_train = 50;
  o.n_valid = 5;
  o.n_test = 7;
  const Corpus c = generate_en_zh_corpus(o);
  for (const std::string pair : {"en-zh", "zh-en"}) {
    std::ostringstream out, err;
    REQUIRE(run_cli({"corpus", "--pair", pair, "--seed", "3", "--train", "50", "--valid", "5", "--test", "7", "--out",
                     dir + "/" + pair},
                    out, err) == 0);
    const std::vector<SentencePair> test = read_tsv(dir + "/" + pair + "/test.tsv");
    REQUIRE(test.size() == 7);
    CHECK(pairs_to_tsv(test) == pairs_to_tsv(pair == "en-zh" ? c.test : transposed(c).test));
    std::ifstream vocab(dir + "/" + pair + "/vocab.json");
    const nlohmann::json v = nlohmann::json::parse(vocab);
    const std::vector<std::string> source = v["source"], target = v["target"];
    const bool zh_source = pair == "zh-en";
    CHECK(std::count(source.begin(), source.end(), "。") == (zh_source ? 1 : 0));
    CHECK(std::count(target.begin(), target.end(), "。") == (zh_source ? 0 : 1));
  }
  std::ostringstream out, err;
  CHECK(run_cli({"corpus", "--pair", "en-de", "--out", dir}, out, err) == 2);
  std::filesystem::remove_all(dir);
}
