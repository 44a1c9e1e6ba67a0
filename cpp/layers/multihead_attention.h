// nn.MultiheadAttention used as self-attention (query = key = value = x):
//   [Q K V] = x W_in^T + b_in                      (T, 3D), head h uses columns h*K .. h*K+K-1
//   e^h = Q^h K^h^T / sqrt(K)                       (T, T) raw scores, alpha^h = softmax(e^h)
//   b^h = alpha^h V^h                               (T, K) the notes' b^{i,h}
//   out = [b^1 ... b^H] W_O^T + b_O                 (T, D) the notes' b^i = W^O [b^{i,1}; b^{i,2}]
//
// With score = Additive the raw scores are instead Bahdanau's, per head, from the same projections:
//   e^h_ij = v_h . tanh(q^h_i + k^h_j)              v_h is row h of additive_v (H, K), no 1/sqrt(K)
// (not a PyTorch option: the one extra tensor is "additive_v", everything else keeps its name).
//
// With norm = Sigmoid and sigmoid_log_n, alpha_ij = sigmoid(e_ij - ln n_i), n_i the number of keys row i
// sees (T, or i + 1 when causal): at initialization the weights of a row then add up to about 1 instead of
// n/2 (Ramapuram et al. 2024, "Theory, Analysis, and Best Practices for Sigmoid Self-Attention").
#pragma once

#include <string>
#include <vector>

#include "core/param.h"
#include "core/rng.h"
#include "layers/attention_edit.h"
#include "layers/linear.h"
#include "layers/score.h"
#include "layers/softmax.h"

namespace attnlab {

// An intervention's edits of one layer's attention (models/intervention.h builds it).
struct HeadsEdit {
  std::vector<MapEdit> heads;  // one per head: its map's edit
  std::vector<bool> ablated;   // one per head: b^{i,h} = 0 before W^O
  bool layer_ablated = false;  // the attention's output is 0 (the residual passes x on alone)
  bool scaled = true;          // the dot product's 1/sqrt(K); false: unscaled scores
};

struct MultiheadAttention {
  int d_model = 0, n_head = 0;
  Normalization norm = Normalization::Softmax;
  Score score = Score::Dot;
  bool sigmoid_log_n = false;  // only with norm = Sigmoid: subtract ln(keys seen) before the sigmoid
  Param in_proj_weight;        // (3D, D)  attn.in_proj_weight, rows: W_Q, W_K, W_V
  Param in_proj_bias;          // (3D)     attn.in_proj_bias
  Linear out_proj;             // (D, D)   attn.out_proj.weight / attn.out_proj.bias
  Param additive_v;            // (H, K)   attn.additive_v, only with score = Additive

  struct Trace {
    Mat x;        // (T, D) input
    Mat q, k, v;  // (T, D) each
    bool causal = false;
    std::vector<Mat> scores;   // H x (T, T) before normalization and the -ln n (masked entries kept as computed)
    std::vector<Mat> weights;  // H x (T, T) alpha (masked entries 0)
    Mat heads;                 // (T, D) concatenated b^{i,h}
    Mat out;                   // (T, D)
    std::vector<std::vector<int>> edited_rows;  // per head: rows an intervention changed
  };

  MultiheadAttention() = default;
  MultiheadAttention(int d_model, int n_head, Normalization norm = Normalization::Softmax, Score score = Score::Dot);
  // PyTorch's: xavier_uniform_ for in_proj_weight, zeros for the biases, Linear default for out_proj;
  // additive_v as a Linear(K, 1) weight would be, U(-1/sqrt(K), 1/sqrt(K)).
  void init(Rng& rng);

  int head_dim() const { return d_model / n_head; }
  // With `edit` (an intervention, forward only), each head's rows are edited as soon as they are
  // computed (layers/attention_edit.h), before b^h = alpha^h V^h.
  Mat forward(const Mat& x, bool causal, Trace& trace, const HeadsEdit* edit = nullptr) const;
  // Applies edit.heads[h] to head h's rows (scores and weights of tr) in place.
  void edit_head(const HeadsEdit& edit, int h, bool causal, Trace& tr) const;
  // Returns dx (T, D).
  Mat backward(const Trace& trace, const Mat& dout);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
