// What a student changed in one attention map (a Seq2Seq decoder's map, a self-attention reading,
// one head of one Transformer layer), applied inside the forward pass: the layer edits a row's
// weights as soon as the model has computed them, and everything after it (the context, the next
// decoder state, the other layers, the output) is computed by the model from the edited weights.
// models/intervention.h reads the page's description and hands each layer the edit of its map.
//
// One row of a map, in this order:
//   1. temperature and masked keys change the scores: alpha = normalize(e / T) over the keys the
//      row may read that are not masked (a masked key gets weight 0);
//   2. uniform: alpha = 1/n over the keys the row may read that are not masked;
//   3. the row the student set: either a whole row (weights over every key the row may read, scaled
//      to add up to 1), or pinned keys (key k gets weight w; the keys the student did not set keep
//      their proportions and share 1 - sum of the pins).
// With sigmoid weights (which need not add up to 1) a whole row and pins are taken as given and
// the other keys keep their weights.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/types.h"
#include "layers/softmax.h"

namespace attnlab {

// An intervention the engine cannot apply: its message names what is wrong (row 9 of a map with
// 4 rows, a negative weight, a head the model does not have, ...).
class InterventionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct RowPin {
  int key = 0;
  double weight = 1;
};

struct RowEdit {
  int row = 0;
  std::vector<RowPin> pins;     // pinned keys, or
  std::vector<double> weights;  // a whole row (one weight per key the row may read)
};

struct MapEdit {
  double temperature = 1;        // scores / temperature before normalizing
  std::vector<int> masked_keys;  // keys no row may read
  bool uniform = false;          // every row uniform
  std::vector<int> uniform_rows;
  std::vector<RowEdit> rows;
  std::string what = "the map";  // how messages name this map ("layer 2 head 1")

  bool empty() const {
    return temperature == 1 && masked_keys.empty() && !uniform && uniform_rows.empty() && rows.empty();
  }
  // Rows the edit sets directly (uniform or set by the student); every row when uniform.
  bool touches_row(int row) const;
};

// Edits row `row` of a map with `keys` keys, of which the row may read the first `readable`
// (causal: row + 1; otherwise keys). `scores` and `weights` (keys entries) are the row as the model
// computed it; both are rewritten in place. Throws InterventionError. Returns true when the row's
// weights were recomputed or set.
bool edit_row(const MapEdit& edit, int row, int readable, Normalization norm, RowVec& scores, RowVec& weights);

// Checks that the rows and keys the edit names exist in a map of `rows` x `keys` (call once the
// map is complete: a decoder's row count is known only after decoding). Throws InterventionError.
void check_map_size(const MapEdit& edit, int rows, int keys);

}  // namespace attnlab
