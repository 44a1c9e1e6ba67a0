// The English -> French toy corpus: agreement and reordering of specific phrases, alignments that
// cover every French word, disjoint splits, determinism, vocabulary size and sentence lengths.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "alignment_checks.h"
#include "cli/cli.h"
#include "data/en_fr_grammar.h"

using namespace attnlab;

namespace {

using attnlab::testing::has_crossing;
using attnlab::testing::has_link;
using attnlab::testing::join;

void check_every_french_word_aligned(const SentencePair& p) {
  std::vector<bool> covered(p.fr.size(), false);
  for (const auto& [s, t] : p.alignment) {
    REQUIRE(s >= 0);
    REQUIRE(s < static_cast<int>(p.en.size()));
    REQUIRE(t >= 0);
    REQUIRE(t < static_cast<int>(p.fr.size()));
    covered[static_cast<size_t>(t)] = true;
  }
  for (size_t t = 0; t < covered.size(); ++t) {
    INFO(join(p.en) << " -> " << join(p.fr) << ": french word " << t << " \"" << p.fr[t] << "\" has no link");
    CHECK(covered[t]);
  }
}

const Corpus& small_corpus() {
  static const Corpus c = [] {
    CorpusOptions o;
    o.seed = 11;
    o.n_train = 3000;
    o.n_valid = 300;
    o.n_test = 300;
    return generate_corpus(o);
  }();
  return c;
}

}  // namespace

TEST_CASE("grammar: the red car -> la voiture rouge, with crossing links") {
  const EnFrGrammar g;
  const SentencePair p = g.noun_phrase({"the", {"red"}, "car"});
  CHECK(join(p.en) == "the red car");
  CHECK(join(p.fr) == "la voiture rouge");
  CHECK(alignment_to_string(p.alignment) == "0-0 1-2 2-1");
  CHECK(has_crossing(p));
}

TEST_CASE("grammar: stacked modifiers come out in mirror order") {
  const EnFrGrammar g;
  const SentencePair p = g.noun_phrase({"the", {"european", "economic"}, "area"});
  CHECK(join(p.en) == "the european economic area");
  CHECK(join(p.fr) == "la zone économique européenne");
  // european (1) -> européenne (3), economic (2) -> économique (2), area (3) -> zone (1)
  CHECK(alignment_to_string(p.alignment) == "0-0 1-3 2-2 3-1");
  CHECK(has_crossing(p));

  const SentencePair q = g.noun_phrase({"the", {"small", "red", "italian"}, "car", true});
  CHECK(join(q.en) == "the small red italian cars");
  CHECK(join(q.fr) == "les petites voitures italiennes rouges");
}

TEST_CASE("grammar: gender and number agreement of articles and adjectives") {
  const EnFrGrammar g;
  CHECK(join(g.noun_phrase({"the", {"white"}, "dog"}).fr) == "le chien blanc");
  CHECK(join(g.noun_phrase({"the", {"white"}, "car"}).fr) == "la voiture blanche");
  CHECK(join(g.noun_phrase({"the", {"white"}, "dog", true}).fr) == "les chiens blancs");
  CHECK(join(g.noun_phrase({"the", {"white"}, "car", true}).fr) == "les voitures blanches");
  CHECK(join(g.noun_phrase({"a", {"good"}, "book"}).fr) == "un bon livre");
  CHECK(join(g.noun_phrase({"a", {"good"}, "song"}).fr) == "une bonne chanson");
  CHECK(join(g.noun_phrase({"", {}, "horse", true}).fr) == "des chevaux");
  CHECK(join(g.noun_phrase({"this", {}, "book"}).fr) == "ce livre");
  CHECK(join(g.noun_phrase({"this", {}, "tree"}).fr) == "cet arbre");
  CHECK(join(g.noun_phrase({"this", {}, "car", true}).en) == "these cars");
  CHECK(join(g.noun_phrase({"the", {}, "plane"}).fr) == "l' avion");
  CHECK(join(g.noun_phrase({"a", {}, "apple"}).en) == "an apple");
  CHECK(join(g.noun_phrase({"the", {"social"}, "council"}).fr) == "le conseil social");
  CHECK(join(g.noun_phrase({"the", {"social"}, "council", true}).fr) == "les conseils sociaux");
  CHECK_THROWS_AS(g.noun_phrase({"the", {}, "zeppelin"}), std::invalid_argument);
}

TEST_CASE("grammar: does not X -> ne X pas, one word to two") {
  const EnFrGrammar g;
  const NounPhraseSpec car{"the", {"red"}, "car"};
  const SentencePair p = g.sentence({"the", {}, "dog"}, "see", true, &car);
  CHECK(join(p.en) == "the dog does not see the red car .");
  CHECK(join(p.fr) == "le chien ne voit pas la voiture rouge .");
  // "not" (3) is the source of both "ne" (2) and "pas" (4)
  CHECK(has_link(p, 3, 2));
  CHECK(has_link(p, 3, 4));
  CHECK(has_link(p, 4, 3));
  check_every_french_word_aligned(p);

  const NounPhraseSpec cats{"the", {}, "cat", true};
  CHECK(join(g.sentence({"the", {}, "girl", true}, "love", true, &cats).fr) == "les filles n' aiment pas les chats .");
  CHECK(join(g.sentence({"the", {}, "girl", true}, "love", false, &cats).en) == "the girls love the cats .");
  CHECK_THROWS_AS(g.sentence({"the", {}, "dog"}, "sleep", false, &cats), std::invalid_argument);
}

TEST_CASE("corpus: every French word is aligned, and reordering shows up as crossings") {
  const Corpus& c = small_corpus();
  int crossing = 0, negations = 0, contractions = 0;
  for (const auto* split : {&c.train, &c.valid, &c.test})
    for (const SentencePair& p : *split) {
      check_every_french_word_aligned(p);
      crossing += has_crossing(p);
      const std::string fr = " " + join(p.fr) + " ";
      negations += fr.find(" pas ") != std::string::npos;
      contractions += fr.find(" du ") != std::string::npos || fr.find(" au ") != std::string::npos;
    }
  CHECK(crossing > 1000);
  CHECK(negations > 300);
  CHECK(contractions > 50);
}

TEST_CASE("corpus: splits are disjoint, sizes as asked, lengths from 3 to at least 30") {
  const Corpus& c = small_corpus();
  CHECK(c.train.size() == 3000);
  CHECK(c.valid.size() == 300);
  CHECK(c.test.size() == 300);
  std::set<std::string> seen;
  size_t total = 0, min_len = 1000, max_len = 0;
  std::set<std::string> english;
  for (const auto* split : {&c.train, &c.valid, &c.test})
    for (const SentencePair& p : *split) {
      seen.insert(join(p.en));
      ++total;
      min_len = std::min(min_len, p.en.size());
      max_len = std::max(max_len, p.en.size());
      english.insert(p.en.begin(), p.en.end());
    }
  CHECK(seen.size() == total);  // no English sentence in two places
  CHECK(min_len == 3);
  CHECK(max_len >= 30);
  CHECK(max_len <= 40);
  CHECK(english.size() >= 300);
  CHECK(EnFrGrammar().english_words().size() >= 300);
}

TEST_CASE("corpus: the same seed gives the same corpus, another seed another") {
  CorpusOptions o;
  o.n_train = 200;
  o.n_valid = 20;
  o.n_test = 20;
  o.seed = 5;
  const Corpus a = generate_corpus(o), b = generate_corpus(o);
  o.seed = 6;
  const Corpus d = generate_corpus(o);
  CHECK(pairs_to_tsv(a.train) == pairs_to_tsv(b.train));
  CHECK(pairs_to_tsv(a.test) == pairs_to_tsv(b.test));
  CHECK(pairs_to_tsv(a.train) != pairs_to_tsv(d.train));
}

TEST_CASE("corpus: the CLI writes the TSV files and the vocabulary, and they read back") {
  const std::string dir = (std::filesystem::temp_directory_path() / "attnlab_corpus_test").string();
  std::filesystem::remove_all(dir);
  std::ostringstream out, err;
  REQUIRE(run_cli({"corpus", "--seed", "3", "--train", "50", "--valid", "5", "--test", "7", "--out", dir}, out, err) ==
          0);
  const std::vector<SentencePair> test = read_tsv(dir + "/test.tsv");
  REQUIRE(test.size() == 7);
  CorpusOptions o;
  o.seed = 3;
  o.n_train = 50;
  o.n_valid = 5;
  o.n_test = 7;
  const Corpus c = generate_corpus(o);
  CHECK(pairs_to_tsv(test) == pairs_to_tsv(c.test));
  std::ifstream vocab(dir + "/vocab.json");
  const nlohmann::json v = nlohmann::json::parse(vocab);
  CHECK(v["source"][0] == "<unk>");
  CHECK(v["target"][0] == "<bos>");
  CHECK(v["target"][1] == "<eos>");
  CHECK(parse_alignment("0-0 1-2 2-1") == std::vector<std::pair<int, int>>{{0, 0}, {1, 2}, {2, 1}});
  CHECK_THROWS_AS(parse_alignment("0-x"), std::invalid_argument);
  std::ostringstream out2, err2;
  CHECK(run_cli({"corpus", "--train", "0", "--out", dir}, out2, err2) == 2);
  std::filesystem::remove_all(dir);
}
