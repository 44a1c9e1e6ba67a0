#include "text/char_tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "core/utf8.h"
#include "text/word_tokenizer.h"

namespace attnlab {

namespace {

// The code point of the valid sequence of n bytes at s[i].
uint32_t code_point(const std::string& s, size_t i, size_t n) {
  const auto b = [&](size_t k) { return static_cast<uint32_t>(static_cast<unsigned char>(s[i + k])); };
  if (n == 1) return b(0);
  if (n == 2) return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
  if (n == 3) return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
}

// Letters and digits that join into a word: ASCII, and the Latin letters with accents (U+00C0 to
// U+024F, without the signs x and ÷).
bool is_word_char(uint32_t c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '\'') return true;
  return c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7;
}

bool is_space(uint32_t c) { return c <= ' ' || c == 0x7F || c == 0x3000 || c == 0xA0; }

}  // namespace

std::vector<std::string> split_chars(const std::string& raw) {
  const std::string text = sanitize_utf8(raw);
  std::vector<std::string> out;
  std::string word;
  const auto flush = [&] {
    if (!word.empty()) out.push_back(word);
    word.clear();
  };
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8_sequence_length(text, i);  // sanitized: always 1 to 4
    const uint32_t c = code_point(text, i, n);
    if (is_word_char(c)) {
      word.append(text, i, n);
    } else {
      flush();
      if (!is_space(c)) out.push_back(text.substr(i, n));
    }
    i += n;
  }
  flush();
  return out;
}

CharTokenizer::CharTokenizer(const nlohmann::json& config, int vocab_size) {
  if (!config.contains("vocab") || !config["vocab"].is_array())
    throw std::invalid_argument("tokenizer of kind \"chars\" needs a \"vocab\" list");
  const auto& vocab = config["vocab"];
  if (static_cast<int>(vocab.size()) != vocab_size)
    throw std::invalid_argument("tokenizer vocab has " + std::to_string(vocab.size()) +
                                " characters but vocab_size is " + std::to_string(vocab_size));
  for (size_t i = 0; i < vocab.size(); ++i) {
    if (!vocab[i].is_string())
      throw std::invalid_argument("tokenizer vocab entry " + std::to_string(i) + " is not text");
    vocab_.push_back(vocab[i].get<std::string>());
    ids_.emplace(vocab_.back(), static_cast<int>(i));
  }
  const std::string unk = config.value("unk", "<unk>");
  const auto it = ids_.find(unk);
  if (it == ids_.end()) throw std::invalid_argument("tokenizer of kind \"chars\": the vocab has no \"" + unk + "\"");
  unk_id_ = it->second;
  for (const auto& s : config.value("special", nlohmann::json::array())) {
    if (!s.is_string() || s.get<std::string>().empty() || !ids_.count(s.get<std::string>()))
      throw std::invalid_argument("tokenizer of kind \"chars\": a special token is not in the vocab");
    specials_.push_back(s.get<std::string>());
  }
}

Tokenized CharTokenizer::encode(const std::string& text) const {
  Tokenized out;
  const auto add = [&](const std::string& piece) {
    const auto it = ids_.find(piece);
    const bool unknown = it == ids_.end();
    out.ids.push_back(unknown ? unk_id_ : it->second);
    out.unknown.push_back(unknown);
    out.tokens.push_back(piece);
    out.word_of.push_back(static_cast<int>(out.words.size()));
    out.words.push_back(piece);
  };
  // Special tokens typed whole are matched first; the text between them is cut into pieces.
  size_t from = 0;
  while (from <= text.size()) {
    size_t at = std::string::npos, len = 0;
    for (const std::string& s : specials_) {
      const size_t p = text.find(s, from);
      if (p != std::string::npos && (p < at || (p == at && s.size() > len))) at = p, len = s.size();
    }
    for (const std::string& piece :
         split_chars(text.substr(from, at == std::string::npos ? std::string::npos : at - from)))
      add(piece);
    if (at == std::string::npos) break;
    add(text.substr(at, len));
    from = at + len;
  }
  return out;
}

nlohmann::json CharTokenizer::train(const std::string& text, int vocab_size, const std::vector<std::string>& specials) {
  const int keep = vocab_size - 1 - static_cast<int>(specials.size());
  if (keep < 1) throw std::invalid_argument("vocab_size must be at least 2 + the special tokens");
  std::unordered_map<std::string, int64_t> counts;
  for (const std::string& piece : split_chars(text)) ++counts[piece];
  std::vector<std::pair<std::string, int64_t>> sorted(counts.begin(), counts.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  nlohmann::json vocab = nlohmann::json::array({"<unk>"});
  for (size_t k = 0; k < sorted.size() && static_cast<int>(k) < keep; ++k) {
    if (sorted[k].first == "<unk>") continue;
    vocab.push_back(sorted[k].first);
  }
  for (const std::string& s : specials) vocab.push_back(s);
  return {{"kind", "chars"}, {"vocab", vocab}, {"unk", "<unk>"}, {"special", specials}};
}

}  // namespace attnlab
