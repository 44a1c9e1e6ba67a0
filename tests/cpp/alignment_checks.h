// Checks on a sentence pair's gold alignment, shared by the toy grammars' tests
// (test_en_fr_grammar.cpp, test_en_zh_grammar.cpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "data/en_fr_grammar.h"

namespace attnlab::testing {

inline std::string join(const std::vector<std::string>& w) {
  std::string s;
  for (size_t i = 0; i < w.size(); ++i) s += (i ? " " : "") + w[i];
  return s;
}

inline bool has_link(const SentencePair& p, int s, int t) {
  return std::find(p.alignment.begin(), p.alignment.end(), std::make_pair(s, t)) != p.alignment.end();
}

// Two links (s1, t1), (s2, t2) cross when the order of the source words and of the target words disagree.
inline bool has_crossing(const SentencePair& p) {
  for (const auto& a : p.alignment)
    for (const auto& b : p.alignment)
      if (a.first < b.first && a.second > b.second) return true;
  return false;
}

}  // namespace attnlab::testing
