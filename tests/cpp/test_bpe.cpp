// Byte-level BPE: lossless on anything, deterministic, bounded vocabulary, merges applied in order.
#include <catch2/catch.hpp>

#include <string>

#include "core/rng.h"
#include "text/bpe.h"

using namespace attnlab;

namespace {

const std::string kSample =
    "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in "
    "want of a wife. However little known the feelings or views of such a man may be on his first entering a "
    "neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered "
    "the rightful property of some one or other of their daughters. \"My dear Mr. Bennet,\" said his lady to him "
    "one day, \"have you heard that Netherfield Park is let at last?\" Mr. Bennet replied that he had not.\n\n";

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_CASE("bpe: chunks cut words with their leading space and give the text back") {
  CHECK(bpe_chunks("The FBI is chasing a criminal.") ==
        std::vector<std::string>{"The", " FBI", " is", " chasing", " a", " criminal", "."});
  CHECK(bpe_chunks("a  b\n\nc 12,5") == std::vector<std::string>{"a", " ", " b", "\n\n", "c", " 12", ",", "5"});
  CHECK(bpe_chunks("").empty());
  std::string joined;
  for (const auto& c : bpe_chunks(kSample)) joined += c;
  CHECK(joined == kSample);
}

TEST_CASE("bpe: training learns frequent pieces within the vocabulary bound, deterministically") {
  const std::string corpus = repeat(kSample, 20);
  const BpeTokenizer a = BpeTokenizer::train(corpus, 400, {"<eos>", "<mask>"});
  const BpeTokenizer b = BpeTokenizer::train(corpus, 400, {"<eos>", "<mask>"});
  CHECK(a.to_json() == b.to_json());
  CHECK(a.vocab_size() <= 400);
  CHECK(a.n_merges() > 50);
  CHECK(a.special_id("<mask>") == a.vocab_size() - 1);
  // Frequent words become single tokens, with their leading space.
  const std::vector<int> ids = a.encode(" truth");
  REQUIRE(ids.size() == 1);
  CHECK(a.token_bytes(ids[0]) == " truth");
  // Compression on the training text.
  CHECK(a.encode(corpus).size() < corpus.size() / 2);
}

TEST_CASE("bpe: decode(encode(s)) == s on the sample and on hostile strings") {
  const BpeTokenizer tok = BpeTokenizer::train(repeat(kSample, 10), 320);
  Rng rng(9);
  std::string random_bytes;
  for (int i = 0; i < 5000; ++i) random_bytes += static_cast<char>(rng.below(256));
  std::string long_text;
  while (long_text.size() < 100000) long_text += kSample;
  const std::vector<std::string> cases = {
      "",
      kSample,
      long_text,
      "\xff\xfe\x80 invalid \xC0\xAF bytes \xED\xA0\x80",  // not UTF-8 at all
      random_bytes,
      "emoji 😀👩‍👩‍👧 and flags 🇫🇷",
      "CJK 注意力机制 and 日本語",
      "right-to-left: שלום עולם مرحبا",
      "zero\u200bwidth\u200djoiner\ufeff",
      "Mr. Darcy said: \"Ximena von Übermann-Šćepanović\" 12345!!!",
      "<img src=x onerror=alert(1)>",
  };
  for (const std::string& s : cases) {
    INFO("case of " << s.size() << " bytes");
    const BpeEncoding enc = tok.encode_words(s);
    CHECK(tok.decode(enc.ids) == s);
    REQUIRE(enc.word_of.size() == enc.ids.size());
    for (size_t k = 1; k < enc.word_of.size(); ++k) CHECK(enc.word_of[k] >= enc.word_of[k - 1]);
  }
}

TEST_CASE("bpe: merges apply in learned order and the JSON round-trips") {
  // Hand-made merges: (a,b) -> 256, (256,c) -> 257, (b,c) -> 258 learned last.
  const BpeTokenizer tok = BpeTokenizer::from_json({{"kind", "bpe"}, {"merges", {{'a', 'b'}, {256, 'c'}, {'b', 'c'}}}});
  CHECK(tok.encode("abc") == std::vector<int>{257});
  CHECK(tok.encode("bc") == std::vector<int>{258});
  CHECK(tok.encode("abbc") == std::vector<int>{256, 258});
  CHECK(BpeTokenizer::from_json(tok.to_json()).to_json() == tok.to_json());
  // A piece of a split character is shown by its byte value, never as broken text.
  CHECK(display_bytes("\xE6\xB3") == "<E6><B3>");
  CHECK(display_bytes("注") == "注");
  REQUIRE_THROWS_WITH(BpeTokenizer::from_json({{"kind", "bpe"}, {"merges", {{300, 1}}}}),
                      Catch::Contains("merge 0 must be two ids below 256"));
  REQUIRE_THROWS_WITH(tok.decode({9999}), Catch::Contains("outside the vocabulary"));
}

TEST_CASE("bpe: extend keeps every old merge and id, learns new words on new text, specials last") {
  const BpeTokenizer base = BpeTokenizer::train(repeat(kSample, 20), 300, {"<eos>"});
  const std::string everyday = repeat("the cat sat on the mat. my dog bites the postman. ", 30);
  // Before: " cat" is cut into pieces; the new text makes it a merge of its own.
  CHECK(base.encode(" cat").size() > 1);
  const BpeTokenizer grown = BpeTokenizer::extend(base, everyday + repeat(kSample, 2), 360);
  CHECK(grown.vocab_size() == 360);
  REQUIRE(grown.n_merges() > base.n_merges());
  for (int k = 0; k < base.n_merges(); ++k) CHECK(grown.merge(k) == base.merge(k));
  for (int id = 0; id < 256 + base.n_merges(); ++id) CHECK(grown.token_bytes(id) == base.token_bytes(id));
  CHECK(grown.special_id("<eos>") == grown.vocab_size() - 1);
  CHECK(grown.encode(" cat").size() == 1);
  CHECK(grown.encode(" postman").size() == 1);
  // A word base kept whole stays that token.
  int whole = 0;
  for (const std::string& chunk : bpe_chunks(kSample))
    if (base.encode(chunk).size() == 1) {
      CHECK(grown.encode(chunk) == base.encode(chunk));
      ++whole;
    }
  CHECK(whole > 20);
  // Deterministic, lossless, and an extension of nothing is training.
  CHECK(BpeTokenizer::extend(base, everyday + repeat(kSample, 2), 360).to_json() == grown.to_json());
  CHECK(grown.decode(grown.encode(everyday)) == everyday);
  CHECK(BpeTokenizer::extend(BpeTokenizer(), everyday, 300).to_json() == BpeTokenizer::train(everyday, 300).to_json());
  CHECK_THROWS_AS(BpeTokenizer::extend(base, everyday, 299), std::invalid_argument);
}
