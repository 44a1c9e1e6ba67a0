#include "layers/attention_edit.h"

#include <algorithm>
#include <cmath>

namespace attnlab {

namespace {

bool contains(const std::vector<int>& xs, int x) { return std::find(xs.begin(), xs.end(), x) != xs.end(); }

std::string where(const MapEdit& e, int row) { return e.what + ", row " + std::to_string(row); }

// The keys row `row` may read: the first `readable`, minus the masked ones.
std::vector<bool> open_keys(const MapEdit& e, int row, int readable, int keys) {
  std::vector<bool> open(static_cast<size_t>(keys), false);
  int n = 0;
  for (int k = 0; k < readable; ++k) n += (open[static_cast<size_t>(k)] = !contains(e.masked_keys, k));
  if (n == 0)
    throw InterventionError(where(e, row) + ": every key it may read is masked, so it has nothing left to read");
  return open;
}

void set_whole_row(const MapEdit& e, const RowEdit& r, const std::vector<bool>& open, int readable, Normalization norm,
                   RowVec& weights) {
  if (static_cast<int>(r.weights.size()) != readable)
    throw InterventionError(where(e, r.row) + ": " + std::to_string(r.weights.size()) +
                            " weights given, but it reads " + std::to_string(readable) + " keys");
  double sum = 0;
  for (int k = 0; k < readable; ++k) {
    const double w = r.weights[static_cast<size_t>(k)];
    if (!std::isfinite(w) || w < 0 || (norm == Normalization::Sigmoid && w > 1))
      throw InterventionError(where(e, r.row) + ": weight " + std::to_string(w) + " of key " + std::to_string(k) +
                              (norm == Normalization::Sigmoid ? " is not in [0, 1]" : " is negative or not a number"));
    if (w > 0 && !open[static_cast<size_t>(k)])
      throw InterventionError(where(e, r.row) + ": key " + std::to_string(k) + " is masked but given weight " +
                              std::to_string(w));
    sum += w;
  }
  if (norm == Normalization::Softmax && !(sum > 0))
    throw InterventionError(where(e, r.row) + ": the weights add up to 0; a row must read something");
  weights.setZero();
  for (int k = 0; k < readable; ++k) {
    const double w = r.weights[static_cast<size_t>(k)];
    weights(k) = static_cast<Real>(norm == Normalization::Softmax ? w / sum : w);
  }
}

void pin_keys(const MapEdit& e, const RowEdit& r, const std::vector<bool>& open, int readable, Normalization norm,
              RowVec& weights) {
  std::vector<bool> pinned(open.size(), false);
  double pinned_sum = 0;
  for (const RowPin& p : r.pins) {
    if (p.key < 0 || p.key >= readable)
      throw InterventionError(where(e, r.row) + ": key " + std::to_string(p.key) +
                              " is outside the keys it may read (0.." + std::to_string(readable - 1) + ")");
    if (!open[static_cast<size_t>(p.key)])
      throw InterventionError(where(e, r.row) + ": key " + std::to_string(p.key) + " is masked, it cannot be pinned");
    if (!std::isfinite(p.weight) || p.weight < 0 || p.weight > 1)
      throw InterventionError(where(e, r.row) + ": pinned weight " + std::to_string(p.weight) + " of key " +
                              std::to_string(p.key) + " is not in [0, 1]");
    if (pinned[static_cast<size_t>(p.key)])
      throw InterventionError(where(e, r.row) + ": key " + std::to_string(p.key) + " is pinned twice");
    pinned[static_cast<size_t>(p.key)] = true;
    pinned_sum += p.weight;
  }
  for (const RowPin& p : r.pins) weights(p.key) = static_cast<Real>(p.weight);
  if (norm == Normalization::Sigmoid) return;  // sigmoid rows need not add up to 1: the rest stays
  if (pinned_sum > 1 + 1e-6)
    throw InterventionError(where(e, r.row) + ": the pinned weights add up to " + std::to_string(pinned_sum) +
                            ", more than 1");
  const double rest = std::max(0.0, 1 - pinned_sum);
  double others = 0;
  int n_others = 0;
  for (int k = 0; k < readable; ++k)
    if (open[static_cast<size_t>(k)] && !pinned[static_cast<size_t>(k)]) {
      others += weights(k);
      ++n_others;
    }
  if (n_others == 0) {
    if (rest > 1e-6)
      throw InterventionError(where(e, r.row) + ": the pinned weights add up to " + std::to_string(pinned_sum) +
                              " and no other key is left to take the rest");
    return;
  }
  for (int k = 0; k < readable; ++k) {
    if (!open[static_cast<size_t>(k)] || pinned[static_cast<size_t>(k)]) continue;
    // The keys the student did not set keep their proportions (or share the rest equally when
    // they had none left).
    weights(k) = static_cast<Real>(others > 0 ? weights(k) * (rest / others) : rest / n_others);
  }
}

}  // namespace

bool MapEdit::touches_row(int row) const {
  if (uniform || contains(uniform_rows, row)) return true;
  return std::any_of(rows.begin(), rows.end(), [row](const RowEdit& r) { return r.row == row; });
}

bool edit_row(const MapEdit& e, int row, int readable, Normalization norm, RowVec& scores, RowVec& weights) {
  if (e.empty()) return false;
  const int keys = static_cast<int>(weights.size());
  const std::vector<bool> open = open_keys(e, row, readable, keys);
  bool changed = false;
  if (e.temperature != 1 || !e.masked_keys.empty()) {
    if (e.temperature != 1) scores /= static_cast<Real>(e.temperature);
    Mask mask(1, keys);
    for (int k = 0; k < keys; ++k) mask(0, k) = open[static_cast<size_t>(k)];
    weights = normalize_rows(norm, scores, &mask);
    changed = true;
  }
  if (e.uniform || contains(e.uniform_rows, row)) {
    int n = 0;
    for (int k = 0; k < keys; ++k) n += open[static_cast<size_t>(k)];
    for (int k = 0; k < keys; ++k) weights(k) = open[static_cast<size_t>(k)] ? Real(1) / static_cast<Real>(n) : Real(0);
    changed = true;
  }
  for (const RowEdit& r : e.rows) {
    if (r.row != row) continue;
    if (!r.weights.empty())
      set_whole_row(e, r, open, readable, norm, weights);
    else
      pin_keys(e, r, open, readable, norm, weights);
    changed = true;
  }
  return changed;
}

void check_map_size(const MapEdit& e, int rows, int keys) {
  const auto bad_row = [&](int row) {
    return InterventionError(e.what + ": row " + std::to_string(row) + " is outside 0.." + std::to_string(rows - 1) +
                             " (the map has " + std::to_string(rows) + " rows)");
  };
  for (int k : e.masked_keys)
    if (k < 0 || k >= keys)
      throw InterventionError(e.what + ": token " + std::to_string(k) + " to mask is outside 0.." +
                              std::to_string(keys - 1) + " (the sentence has " + std::to_string(keys) + ")");
  for (int r : e.uniform_rows)
    if (r < 0 || r >= rows) throw bad_row(r);
  for (const RowEdit& r : e.rows)
    if (r.row < 0 || r.row >= rows) throw bad_row(r.row);
}

}  // namespace attnlab
