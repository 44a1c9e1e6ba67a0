// nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout=0, activation,
// layer_norm_eps, batch_first=True, norm_first). norm_first=False, the post-norm block of
// Vaswani et al. (2017) and PyTorch's default:
//   a   = self_attn(x)                      (T, D)   multi-head self-attention (causal if asked)
//   y   = norm1(x + a)                      (T, D)
//   out = norm2(y + linear2(act(linear1(y))))  (T, D)   act: ReLU (PyTorch's default) or GELU
// norm_first=True, the pre-norm block (Xiong et al. 2020):
//   a   = self_attn(norm1(x))               (T, D)
//   y   = x + a                             (T, D)
//   out = y + linear2(act(linear1(norm2(y))))  (T, D)
// norm1 and norm2 are nn.LayerNorm(d_model, eps=layer_norm_eps).
#pragma once

#include <string>

#include "core/param.h"
#include "core/rng.h"
#include "layers/layernorm.h"
#include "layers/linear.h"
#include "layers/multihead_attention.h"

namespace attnlab {

struct TransformerEncoderLayer {
  int d_model = 0, d_ff = 0;
  bool gelu = false;             // activation: false = relu, true = gelu
  bool norm_first = false;       // pre-norm (norm_first=True) or post-norm (PyTorch's default)
  MultiheadAttention self_attn;  // self_attn.* (in_proj_weight, in_proj_bias, out_proj.*)
  Linear linear1;                // linear1.weight (d_ff, D), linear1.bias (d_ff)
  Linear linear2;                // linear2.weight (D, d_ff), linear2.bias (D)
  LayerNorm norm1, norm2;        // norm1.*, norm2.* (D)

  struct Cache {
    Mat x;   // (T, D) input
    Mat xn;  // (T, D) pre-norm: norm1(x), what the attention reads
    MultiheadAttention::Trace attn;
    LayerNorm::Cache norm1_cache, norm2_cache;
    Mat y;       // (T, D) post-norm: norm1(x + a); pre-norm: x + a
    Mat yn;      // (T, D) pre-norm: norm2(y), what the feed-forward reads
    Mat pre;     // (T, d_ff) linear1(y or yn), before the activation
    Mat hidden;  // (T, d_ff) act(pre)
    Mat out;     // (T, D)
  };

  TransformerEncoderLayer() = default;
  TransformerEncoderLayer(int d_model, int n_head, int d_ff, bool gelu, Normalization norm = Normalization::Softmax,
                          Score score = Score::Dot, bool norm_first = false, double layer_norm_eps = 1e-5);
  // PyTorch's: the attention's own init, Linear defaults, LayerNorm (1, 0).
  void init(Rng& rng);
  // (T, D) -> (T, D); `edit`: an intervention's edits of the attention (forward only).
  Mat forward(const Mat& x, bool causal, Cache& cache, const HeadsEdit* edit = nullptr) const;
  // Returns dx (T, D); accumulates every parameter's gradient.
  Mat backward(const Cache& cache, const Mat& dout);
  void for_each_param(const std::string& prefix, const ParamVisitor& f);
};

}  // namespace attnlab
