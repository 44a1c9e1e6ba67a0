// An intervention: what the page (or `attnlab forward --intervene`) asks the model to change in
// its attention, as plain JSON data, checked like every other input:
//   {"edits": [
//     {"op": "pin", "layer": 0, "head": 1, "row": 3, "key": 2, "weight": 1},   key 2 gets 1 (default), the rest
//     renormalized
//     {"op": "row", "row": 3, "weights": [0.5, 0.5, 0, 0]},                    a whole row (scaled to add up to 1)
//     {"op": "uniform"}  {"op": "uniform", "layer": 1}  {"op": "uniform", "layer": 1, "head": 0, "row": 2}
//     {"op": "mask", "token": 2},                                              no row reads token 2
//     {"op": "temperature", "value": 2},                                       e / 2 before the softmax (may be scoped)
//     {"op": "scale", "on": false},                                            Transformer dot product: without
//     1/sqrt(d_k)
//     {"op": "ablate_head", "layer": 1, "head": 0},                            b^{i,h} = 0 before W^O
//     {"op": "ablate_layer", "layer": 1}]}                                     the layer's attention adds nothing
// Indices are 0-based. "layer" and "head" default to every layer and every head of a scope-able op
// (uniform, temperature) and to 0 for a row's op (the Seq2Seq and RNN lessons have one map). Rows
// are the map's rows: a Seq2Seq map's row 0 is the start step s_0 (alpha_0), row j decoder step j;
// the RNN reading's row i is token i; a Transformer head's row i is token i's query.
// See layers/attention_edit.h for what each edit does to a row.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "layers/attention_edit.h"

namespace attnlab {

// What a model can change, for the messages of the ops it cannot apply.
struct EditableShape {
  std::string model;  // "this Seq2Seq model"
  int layers = 1, heads = 1;
  bool heads_can_be_ablated = false;  // multi-head attention (Transformer)
  bool scale_can_be_toggled = false;  // a scaled dot product
};

class Intervention {
 public:
  Intervention() = default;
  // Throws InterventionError naming the op and field at fault.
  explicit Intervention(const nlohmann::json& description);
  // From JSON text (what the page sends); text that is not JSON is an InterventionError naming the byte.
  static Intervention parse(const std::string& json_text);

  bool empty() const { return edits_.empty(); }
  // Throws InterventionError for an op the model cannot apply (a head it does not have, ablation
  // of a model without heads, ...).
  void check(const EditableShape& shape) const;

  // The edit of map (layer, head); `what` names it in messages ("layer 2 head 1").
  MapEdit map(int layer, int head, const std::string& what) const;
  bool head_ablated(int layer, int head) const;
  bool layer_ablated(int layer) const;
  // The Transformer's 1/sqrt(d_k): false when an op switched it off.
  bool scaled() const;
  const nlohmann::json& description() const { return description_; }

 private:
  struct Edit {
    std::string op;
    int layer = -1, head = -1, row = -1, key = -1;  // -1: every (layer, head) or not given
    double value = 1;                               // pin weight, temperature
    bool on = true;                                 // scale
    std::vector<double> weights;                    // row
  };
  bool applies(const Edit& e, int layer, int head) const;

  nlohmann::json description_ = nlohmann::json::object();
  std::vector<Edit> edits_;
};

}  // namespace attnlab
