#include "text/word_tokenizer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <stdexcept>

#include "core/utf8.h"

namespace attnlab {

namespace {

std::string to_lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// FNV-1a, stable across platforms.
uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

std::string sanitize_utf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8_sequence_length(text, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text, i, n);
      i += n;
    }
  }
  return out;
}

std::vector<std::string> split_words(const std::string& raw) {
  const std::string text = sanitize_utf8(raw);
  std::vector<std::string> words;
  std::string cur;
  const auto flush = [&] {
    if (!cur.empty()) words.push_back(cur);
    cur.clear();
  };
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const size_t n = utf8_sequence_length(text, i);
    if (c >= 0x80) {  // any non-ASCII character belongs to a word
      cur.append(text, i, n);
      i += n;
      continue;
    }
    if (std::isalnum(c) || c == '\'' || c == '_') {
      cur += static_cast<char>(c);
    } else if (c <= ' ' || c == 0x7F) {
      flush();
    } else {
      flush();
      words.emplace_back(1, static_cast<char>(c));
    }
    ++i;
  }
  flush();
  return words;
}

WordTokenizer::WordTokenizer(const nlohmann::json& config, int vocab_size) : vocab_size_(vocab_size) {
  const std::string kind = config.value("kind", "hash_words");
  lowercase_ = config.value("lowercase", true);
  if (kind == "hash_words") {
    hashed_ = true;
    return;
  }
  if (kind != "words")
    throw std::invalid_argument("unknown tokenizer kind \"" + kind + "\" (expected words, hash_words, chars or bpe)");
  hashed_ = false;
  if (!config.contains("vocab") || !config["vocab"].is_array())
    throw std::invalid_argument("tokenizer of kind \"words\" needs a \"vocab\" list");
  const auto& vocab = config["vocab"];
  if (static_cast<int>(vocab.size()) != vocab_size)
    throw std::invalid_argument("tokenizer vocab has " + std::to_string(vocab.size()) + " words but vocab_size is " +
                                std::to_string(vocab_size));
  for (size_t i = 0; i < vocab.size(); ++i) {
    vocab_.push_back(vocab[i].get<std::string>());
    ids_.emplace(vocab_.back(), static_cast<int>(i));
    const std::string& w = vocab_.back();
    const bool spaced = std::any_of(w.begin(), w.end(), [](char c) { return static_cast<unsigned char>(c) <= ' '; });
    const std::vector<std::string> split = split_words(w);
    if (!w.empty() && !spaced && (split.size() != 1 || split[0] != w)) specials_.push_back(w);
  }
  // Longest first: at one position "<mask>" wins over a shorter entry it starts with ("<m").
  std::stable_sort(specials_.begin(), specials_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  const std::string unk = config.value("unk", "<unk>");
  const auto it = ids_.find(unk);
  unk_id_ = it == ids_.end() ? -1 : it->second;
}

Tokenized WordTokenizer::encode(const std::string& raw) const {
  Tokenized out;
  const std::string text = sanitize_utf8(raw);
  size_t from = 0;
  while (from < text.size()) {
    // The leftmost special token from here (the longest at that position), else the end.
    size_t at = std::string::npos;
    const std::string* special = nullptr;
    for (const std::string& s : specials_) {
      const size_t p = text.find(s, from);
      if (p < at) at = p, special = &s;  // specials_ is longest first: a tie keeps the longer
    }
    encode_words(text.substr(from, at == std::string::npos ? std::string::npos : at - from), out);
    if (!special) break;
    out.word_of.push_back(static_cast<int>(out.words.size()));
    out.words.push_back(*special);
    out.tokens.push_back(*special);
    out.ids.push_back(ids_.at(*special));
    out.unknown.push_back(false);
    from = at + special->size();
  }
  return out;
}

void WordTokenizer::encode_words(const std::string& text, Tokenized& out) const {
  for (const std::string& w : split_words(text)) {
    const std::string key = lowercase_ ? to_lower_ascii(w) : w;
    int id;
    bool unknown = false;
    if (hashed_) {
      id = static_cast<int>(fnv1a(key) % static_cast<uint64_t>(vocab_size_));
    } else {
      const auto it = ids_.find(key);
      if (it != ids_.end()) {
        id = it->second;
      } else {
        if (unk_id_ < 0) throw std::invalid_argument("unknown word \"" + w + "\" and the vocabulary has no <unk>");
        id = unk_id_;
        unknown = true;
      }
    }
    out.word_of.push_back(static_cast<int>(out.words.size()));
    out.words.push_back(w);
    out.tokens.push_back(w);
    out.ids.push_back(id);
    out.unknown.push_back(unknown);
  }
}

std::string WordTokenizer::token_text(int id) const {
  if (hashed_) return "#" + std::to_string(id);  // a hash bucket has no single word
  return vocab_.at(static_cast<size_t>(id));
}

}  // namespace attnlab
