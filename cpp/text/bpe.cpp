#include "text/bpe.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "core/utf8.h"

namespace attnlab {

namespace {

uint64_t pair_key(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

enum class ByteClass { Letter, Digit, Space, Punct };

ByteClass classify(unsigned char c) {
  if (c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return ByteClass::Letter;
  if (c >= '0' && c <= '9') return ByteClass::Digit;
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return ByteClass::Space;
  return ByteClass::Punct;
}

}  // namespace

std::string display_bytes(const std::string& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size();) {
    const size_t n = utf8_sequence_length(bytes, i);
    if (n == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "<%02X>", static_cast<unsigned char>(bytes[i]));
      out += hex;
      ++i;
    } else {
      out.append(bytes, i, n);
      i += n;
    }
  }
  return out;
}

std::vector<std::string> bpe_chunks(const std::string& text) {
  std::vector<std::string> chunks;
  size_t i = 0;
  const size_t n = text.size();
  while (i < n) {
    const size_t start = i;
    ByteClass cls = classify(static_cast<unsigned char>(text[i]));
    // A single space joins the word, number or punctuation run that follows it.
    if (text[i] == ' ' && i + 1 < n && classify(static_cast<unsigned char>(text[i + 1])) != ByteClass::Space) {
      ++i;
      cls = classify(static_cast<unsigned char>(text[i]));
    }
    if (cls == ByteClass::Space) {
      // White space run; leave a last space to lead the next word.
      while (i < n && classify(static_cast<unsigned char>(text[i])) == ByteClass::Space) ++i;
      if (i < n && i - start > 1 && text[i - 1] == ' ') --i;
    } else {
      while (i < n && classify(static_cast<unsigned char>(text[i])) == cls) ++i;
    }
    chunks.push_back(text.substr(start, i - start));
  }
  return chunks;
}

BpeTokenizer::BpeTokenizer() {
  for (int b = 0; b < 256; ++b) token_bytes_.emplace_back(1, static_cast<char>(b));
}

void BpeTokenizer::add_merge(int a, int b) {
  merge_rank_[pair_key(a, b)] = static_cast<int>(merges_.size());
  merges_.emplace_back(a, b);
  token_bytes_.push_back(token_bytes_[a] + token_bytes_[b]);  // specials are appended after all merges
}

BpeTokenizer BpeTokenizer::train(const std::string& text, int vocab_size, const std::vector<std::string>& specials,
                                 int64_t min_count) {
  BpeTokenizer tok;
  const int target_merges = vocab_size - 256 - static_cast<int>(specials.size());
  if (target_merges < 0) throw std::invalid_argument("vocab_size must be at least 256 + the special tokens");
  tok.learn_merges(text, target_merges, min_count);
  for (const std::string& sp : specials) {
    tok.specials_.push_back(sp);
    tok.token_bytes_.push_back(sp);
  }
  return tok;
}

BpeTokenizer BpeTokenizer::extend(const BpeTokenizer& base, const std::string& text, int vocab_size,
                                  int64_t min_count) {
  if (vocab_size < base.vocab_size())
    throw std::invalid_argument("an extended vocabulary needs at least the " + std::to_string(base.vocab_size()) +
                                " entries of the one it extends, got " + std::to_string(vocab_size));
  BpeTokenizer tok;
  for (const auto& [a, b] : base.merges_) tok.add_merge(a, b);
  tok.learn_merges(text, vocab_size - 256 - static_cast<int>(base.specials_.size()), min_count);
  for (const std::string& sp : base.specials_) {
    tok.specials_.push_back(sp);
    tok.token_bytes_.push_back(sp);
  }
  return tok;
}

void BpeTokenizer::learn_merges(const std::string& text, int target_merges, int64_t min_count) {
  // Distinct chunks with their counts, in first-seen order (deterministic), each cut by the
  // merges learned so far.
  std::unordered_map<std::string, int> chunk_index;
  std::vector<std::vector<int>> words;
  std::vector<int64_t> counts;
  for (const std::string& c : bpe_chunks(text)) {
    auto [it, fresh] = chunk_index.emplace(c, static_cast<int>(words.size()));
    if (fresh) {
      words.emplace_back();
      encode_chunk(c, words.back());
      counts.push_back(0);
    }
    ++counts[it->second];
  }

  // Pair counts and, for each pair, the words it may occur in (stale entries are re-checked).
  std::unordered_map<uint64_t, int64_t> pair_count;
  std::unordered_map<uint64_t, std::vector<int>> pair_words;
  for (int w = 0; w < static_cast<int>(words.size()); ++w)
    for (size_t k = 0; k + 1 < words[w].size(); ++k) {
      const uint64_t p = pair_key(words[w][k], words[w][k + 1]);
      pair_count[p] += counts[w];
      pair_words[p].push_back(w);
    }

  std::vector<int> seen(words.size(), -1);
  for (int m = n_merges(); m < target_merges; ++m) {
    uint64_t best = 0;
    int64_t best_count = 0;
    for (const auto& [p, c] : pair_count)
      if (c > best_count || (c == best_count && c > 0 && p < best)) best = p, best_count = c;
    if (best_count < min_count) break;
    const int a = static_cast<int>(best >> 32), b = static_cast<int>(best & 0xFFFFFFFFu);
    add_merge(a, b);
    const int merged = 255 + n_merges();
    const std::vector<int> candidates = pair_words[best];
    for (int w : candidates) {
      if (seen[w] == m) continue;
      seen[w] = m;
      std::vector<int>& s = words[w];
      bool has = false;
      for (size_t k = 0; k + 1 < s.size() && !has; ++k) has = s[k] == a && s[k + 1] == b;
      if (!has) continue;
      for (size_t k = 0; k + 1 < s.size(); ++k) pair_count[pair_key(s[k], s[k + 1])] -= counts[w];
      std::vector<int> out;
      for (size_t k = 0; k < s.size(); ++k) {
        if (k + 1 < s.size() && s[k] == a && s[k + 1] == b) {
          out.push_back(merged);
          ++k;
        } else {
          out.push_back(s[k]);
        }
      }
      s = std::move(out);
      for (size_t k = 0; k + 1 < s.size(); ++k) {
        const uint64_t p = pair_key(s[k], s[k + 1]);
        pair_count[p] += counts[w];
        if (s[k] == merged || s[k + 1] == merged) pair_words[p].push_back(w);
      }
    }
    pair_count.erase(best);
    pair_words.erase(best);
  }
}

BpeTokenizer BpeTokenizer::from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("kind", "") != "bpe")
    throw std::invalid_argument("tokenizer JSON must be an object with \"kind\": \"bpe\"");
  BpeTokenizer tok;
  const auto& merges = j.at("merges");
  if (!merges.is_array()) throw std::invalid_argument("tokenizer \"merges\" must be a list of [left, right] pairs");
  for (size_t k = 0; k < merges.size(); ++k) {
    const auto& m = merges[k];
    const int limit = 256 + static_cast<int>(k);
    if (!m.is_array() || m.size() != 2 || !m[0].is_number_integer() || !m[1].is_number_integer() ||
        m[0].get<int64_t>() < 0 || m[0].get<int64_t>() >= limit || m[1].get<int64_t>() < 0 ||
        m[1].get<int64_t>() >= limit)
      throw std::invalid_argument("tokenizer merge " + std::to_string(k) + " must be two ids below " +
                                  std::to_string(limit) + ", got " + m.dump());
    if (tok.merge_rank_.count(pair_key(m[0].get<int>(), m[1].get<int>())))
      throw std::invalid_argument("tokenizer merge " + std::to_string(k) + " repeats an earlier merge " + m.dump());
    tok.add_merge(m[0].get<int>(), m[1].get<int>());
  }
  for (const auto& s : j.value("special", nlohmann::json::array())) {
    tok.specials_.push_back(s.get<std::string>());
    tok.token_bytes_.push_back(s.get<std::string>());
  }
  return tok;
}

nlohmann::json BpeTokenizer::to_json() const {
  nlohmann::json merges = nlohmann::json::array();
  for (const auto& [a, b] : merges_) merges.push_back({a, b});
  return {{"kind", "bpe"}, {"merges", merges}, {"special", specials_}};
}

int BpeTokenizer::special_id(const std::string& name) const {
  for (size_t k = 0; k < specials_.size(); ++k)
    if (specials_[k] == name) return 256 + n_merges() + static_cast<int>(k);
  return -1;
}

void BpeTokenizer::encode_chunk(const std::string& chunk, std::vector<int>& out) const {
  std::vector<int> s(chunk.begin(), chunk.end());
  for (int& b : s) b &= 0xFF;
  // Apply the earliest-learned merge present, everywhere in the chunk, until none applies.
  while (s.size() > 1) {
    int best_rank = -1;
    for (size_t k = 0; k + 1 < s.size(); ++k) {
      const auto it = merge_rank_.find(pair_key(s[k], s[k + 1]));
      if (it != merge_rank_.end() && (best_rank < 0 || it->second < best_rank)) best_rank = it->second;
    }
    if (best_rank < 0) break;
    const auto [a, b] = merges_[best_rank];
    const int merged = 256 + best_rank;
    size_t w = 0;
    for (size_t k = 0; k < s.size(); ++k) {
      if (k + 1 < s.size() && s[k] == a && s[k + 1] == b) {
        s[w++] = merged;
        ++k;
      } else {
        s[w++] = s[k];
      }
    }
    s.resize(w);
  }
  out.insert(out.end(), s.begin(), s.end());
}

std::vector<int> BpeTokenizer::encode(const std::string& text) const { return encode_words(text).ids; }

BpeEncoding BpeTokenizer::encode_words(const std::string& text) const {
  BpeEncoding enc;
  const auto add_plain = [&](const std::string& piece) {
    for (const std::string& chunk : bpe_chunks(piece)) {
      const size_t before = enc.ids.size();
      encode_chunk(chunk, enc.ids);
      enc.word_of.insert(enc.word_of.end(), enc.ids.size() - before, static_cast<int>(enc.words.size()));
      enc.words.push_back(display_bytes(chunk));
    }
  };
  // Special tokens typed in the text ("<mask>") are found first, leftmost then longest; the text
  // between them is chunked and merged as usual.
  size_t done = 0;
  while (done < text.size()) {
    size_t at = std::string::npos, len = 0;
    int special = -1;
    for (size_t k = 0; k < specials_.size(); ++k) {
      const std::string& name = specials_[k];
      if (name.empty()) continue;
      const size_t p = text.find(name, done);
      if (p != std::string::npos && (p < at || (p == at && name.size() > len)))
        at = p, len = name.size(), special = static_cast<int>(k);
    }
    if (special < 0) break;
    // One space before a special belongs to it, as a word's leading space does (RoBERTa's <mask>
    // with lstrip): "the <mask> sat" reads as "the", "<mask>", " sat" like "the", " cat", " sat".
    const size_t word_start = at > done && text[at - 1] == ' ' ? at - 1 : at;
    add_plain(text.substr(done, word_start - done));
    enc.ids.push_back(256 + n_merges() + special);
    enc.word_of.push_back(static_cast<int>(enc.words.size()));
    enc.words.push_back(display_bytes(text.substr(word_start, at + len - word_start)));
    done = at + len;
  }
  add_plain(text.substr(done));
  return enc;
}

std::string BpeTokenizer::decode(const std::vector<int>& ids) const {
  std::string out;
  for (int id : ids) {
    if (id < 0 || id >= vocab_size())
      throw std::out_of_range("token id " + std::to_string(id) + " is outside the vocabulary of " +
                              std::to_string(vocab_size()));
    out += token_bytes_[id];
  }
  return out;
}

std::string BpeTokenizer::display_text(int id) const { return display_bytes(token_bytes_.at(id)); }

}  // namespace attnlab
