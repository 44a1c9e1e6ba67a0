// Every tokenizer on any text: the word tokenizers (hash_words, words, with and without lowercase),
// the character tokenizer (chars, a small Chinese vocabulary with <mask>) and byte-level BPE (the shipped models'
// merges), checked for ids in range, one token text, flag and word index per id, and BPE's lossless decode. An input
// that starts with '{' is a tokenizer config (as in a model folder's config.json "tokenizer"), kSeparator, then the
// text.
#include <cstdio>
#include <cstdlib>

#include "fuzz_common.h"
#include "io/model_io.h"
#include "text/bpe.h"

using namespace attnlab;

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

void check(const Tokenizer& tok, const std::string& text) {
  Tokenized t;
  try {
    t = tok.encode(text);
  } catch (const std::exception&) {
    return;
  }
  const size_t n = t.ids.size();
  if (t.tokens.size() != n || t.unknown.size() != n || t.word_of.size() != n) fail("sizes differ");
  for (size_t i = 0; i < n; ++i) {
    if (t.ids[i] < 0 || t.ids[i] >= tok.vocab_size()) fail("an id out of the vocabulary");
    if (t.word_of[i] < 0 || static_cast<size_t>(t.word_of[i]) >= t.words.size()) fail("a word index out of range");
    (void)tok.token_text(t.ids[i]);  // the word typed may differ (an unknown word, a hashed one)
  }
}

// BPE's promise: decode(encode(text)) == text for text without a special token's name.
void check_bpe(const BpeTokenizer& bpe, const nlohmann::json& config, const std::string& text) {
  for (const auto& s : config.value("special", nlohmann::json::array()))
    if (s.is_string() && text.find(s.get<std::string>()) != std::string::npos) return;
  const std::vector<int> ids = bpe.encode(text);
  for (int id : ids)
    if (id < 0 || id >= bpe.vocab_size()) fail("a BPE id out of the vocabulary");
  if (bpe.decode(ids) != text) fail("BPE decode(encode(text)) != text");
  for (int id : ids) (void)bpe.display_text(id);
}

struct Fixed {
  std::vector<std::unique_ptr<Tokenizer>> word_level;
  BpeTokenizer bpe;
  nlohmann::json bpe_config;
};

const Fixed& fixed() {
  static const Fixed f = [] {
    Fixed f;
    const auto config = [](const std::string& path) { return parse_json_text(read_text_file(path), path); };
    const nlohmann::json words = config(std::string(ATTNLAB_FIXTURES_DIR) + "/models/transformer/config.json");
    const nlohmann::json french = config(std::string(ATTNLAB_MODELS_DIR) + "/seq2seq-dot/config.json");
    f.bpe_config = config(std::string(ATTNLAB_MODELS_DIR) + "/tf-mlm/config.json")["tokenizer"];
    f.word_level.push_back(make_tokenizer({{"kind", "hash_words"}}, 97));
    f.word_level.push_back(make_tokenizer({{"kind", "hash_words"}, {"lowercase", false}}, 5));
    f.word_level.push_back(make_tokenizer(words["tokenizer"], words["vocab_size"]));
    f.word_level.push_back(make_tokenizer(french["tokenizer"], french["vocab_size"]));
    f.word_level.push_back(make_tokenizer(f.bpe_config, BpeTokenizer::from_json(f.bpe_config).vocab_size()));
    f.word_level.push_back(make_tokenizer({{"kind", "chars"},
                                           {"vocab", {"<unk>", "月", "光", "，", "。", "NLP", "<eos>", "<mask>"}},
                                           {"special", {"<eos>", "<mask>"}}},
                                          8));
    f.bpe = BpeTokenizer::from_json(f.bpe_config);
    return f;
  }();
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 0 && data[0] == '{') {
    const std::vector<std::string> parts = fuzz::split_input(data, size, 2);
    nlohmann::json config;
    try {
      config = nlohmann::json::parse(parts[0]);
      if (config.value("kind", "") == "bpe") {
        const BpeTokenizer bpe = BpeTokenizer::from_json(config);
        check_bpe(bpe, config, parts[1]);
        check(*make_tokenizer(config, bpe.vocab_size()), parts[1]);
      } else {
        const size_t n = config.contains("vocab") && config["vocab"].is_array() ? config["vocab"].size() : 50;
        check(*make_tokenizer(config, static_cast<int>(n)), parts[1]);
      }
    } catch (const std::exception&) {
    }
    return 0;
  }
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const auto& tok : fixed().word_level) check(*tok, text);
  check_bpe(fixed().bpe, fixed().bpe_config, text);
  return 0;
}
