// Cross-entropy over logits, as nn.CrossEntropyLoss(reduction="mean", ignore_index=-100).
#pragma once

#include <vector>

#include "core/types.h"

namespace attnlab {

constexpr int kIgnoreIndex = -100;

struct CrossEntropyResult {
  Real loss = 0;    // mean over rows whose target is not ignored (0 when none are)
  int counted = 0;  // rows that entered the mean
  Mat dlogits;      // (N, V) d loss / d logits: (softmax(logits) - onehot(target)) / counted
};

// logits (N, V), targets (N) in [0, V) or kIgnoreIndex. Throws std::out_of_range otherwise.
CrossEntropyResult cross_entropy(const Mat& logits, const std::vector<int>& targets);

// log softmax of each row, stable.
Mat log_softmax_rows(const Mat& logits);

}  // namespace attnlab
